import { describe, expect, it } from 'vitest';
import { changePasswordPath, DEFAULT_NEXT, linkToken, safeNextPath, signInPath, signUpPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/agents')).toBe('/agents');
    expect(safeNextPath('/prospects?q=acme&page=2#top')).toBe('/prospects?q=acme&page=2#top');
    expect(safeNextPath('/outreach/campaigns/42')).toBe('/outreach/campaigns/42');
  });

  it('leads back to an invitation link, its token intact (a signed-out invitee signs in or up first)', () => {
    const token = 'Zx9_-AbC0123456789abcdefghijklmnopqrstuvwxyz';
    expect(safeNextPath(`/invite/${token}`)).toBe(`/invite/${token}`);
    const url = new URL(signUpPath(`/invite/${token}`), 'http://meetflow.local');
    expect(url.pathname).toBe('/signup');
    expect(safeNextPath(url.searchParams.get('next'))).toBe(`/invite/${token}`);
  });

  it('goes to the dashboard without a next', () => {
    expect(safeNextPath(null)).toBe(DEFAULT_NEXT);
    expect(safeNextPath(undefined)).toBe(DEFAULT_NEXT);
    expect(safeNextPath('')).toBe(DEFAULT_NEXT);
    expect(DEFAULT_NEXT).toBe('/dashboard');
  });

  it('never leads to another site', () => {
    for (const next of [
      'https://evil.example/',
      'javascript:alert(1)',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'evil.example',
      'dashboard',
    ]) {
      expect(safeNextPath(next), next).toBe(DEFAULT_NEXT);
    }
  });

  it('never leads back to a sign-in page', () => {
    expect(safeNextPath('/signin?next=/agents')).toBe(DEFAULT_NEXT);
    expect(safeNextPath('/signup')).toBe(DEFAULT_NEXT);
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/../../agents')).toBe('/agents');
  });
});

describe('signInPath and signUpPath', () => {
  it('carry the next path, encoded but with readable slashes', () => {
    expect(signInPath('/agents')).toBe('/signin?next=/agents');
    expect(signInPath('/prospects?q=a b&page=2')).toBe('/signin?next=/prospects%3Fq%3Da%20b%26page%3D2');
    expect(signUpPath('/icp-builder')).toBe('/signup?next=/icp-builder');
  });

  it('round-trip through the query string', () => {
    const next = '/prospects?q=a&b=c#x';
    const url = new URL(signInPath(next), 'http://meetflow.local');
    expect(safeNextPath(url.searchParams.get('next'))).toBe(next);
  });
});

describe('the password and email pages', () => {
  it('are never where signing in leads back to', () => {
    for (const page of ['/forgot-password', '/reset-password', '/verify-email', '/account/password'])
      expect(safeNextPath(`${page}?x=1`)).toBe(DEFAULT_NEXT);
  });

  it('lead back from Change password to the page the user was on', () => {
    const url = new URL(changePasswordPath('/prospects?page=2'), 'http://meetflow.local');
    expect([url.pathname, safeNextPath(url.searchParams.get('next'))]).toEqual(['/account/password', '/prospects?page=2']);
  });

  it("read an emailed link's token from its fragment", () => {
    expect(linkToken('#token=Zx9_-AbC0123')).toBe('Zx9_-AbC0123');
    expect(linkToken('')).toBe('');
    expect(linkToken('#other=1')).toBe('');
  });
});
