import { afterEach, describe, expect, it } from 'vitest';
import { currentWorkspace, pickWorkspace, requestWorkspace, setMemberWorkspaces, storeWorkspace, withWorkspace } from './workspace.ts';

afterEach(() => setMemberWorkspaces(null));

describe('pickWorkspace', () => {
  it('keeps the stored choice when the user is a member of it (how end-to-end specs point the UI at one)', () => {
    expect(pickWorkspace('acme', ['mine', 'acme'])).toBe('acme');
  });

  it('falls back to the first workspace when the stored one is not theirs, or nothing is stored', () => {
    expect(pickWorkspace('someone-elses', ['mine', 'acme'])).toBe('mine');
    expect(pickWorkspace(null, ['mine', 'acme'])).toBe('mine');
  });

  it('before anyone is known to be signed in: the stored choice, else the default', () => {
    expect(pickWorkspace('acme', null)).toBe('acme');
    expect(pickWorkspace(null, null)).toBe('default');
  });

  it('a user without workspaces keeps the stored choice (the API then refuses it)', () => {
    expect(pickWorkspace('acme', [])).toBe('acme');
    expect(pickWorkspace(null, [])).toBe('default');
  });
});

describe('currentWorkspace and requestWorkspace', () => {
  it('signed in: the choice among their workspaces, always named, the default too', () => {
    setMemberWorkspaces(['default', 'acme']);
    expect(currentWorkspace()).toBe('default');
    expect(requestWorkspace()).toBe('default');
    storeWorkspace('acme'); // node has no localStorage: the choice holds for this page
    expect(currentWorkspace()).toBe('acme');
    storeWorkspace('not-mine');
    expect(currentWorkspace()).toBe('default');
  });

  it('nobody signed in: only a workspace other than the default is named', () => {
    storeWorkspace('default');
    expect(requestWorkspace()).toBeNull();
    storeWorkspace('acme');
    expect(requestWorkspace()).toBe('acme');
  });
});

describe('withWorkspace', () => {
  it('leaves a path alone when no workspace is named', () => {
    expect(withWorkspace('/api/prospects', null)).toBe('/api/prospects');
  });

  it('adds the workspace to a path with or without a query, the default one too', () => {
    expect(withWorkspace('/api/prospects', 'default')).toBe('/api/prospects?workspace=default');
    expect(withWorkspace('/api/prospects', 'acme')).toBe('/api/prospects?workspace=acme');
    expect(withWorkspace('/api/dashboard/trends?range=7d', 'acme')).toBe('/api/dashboard/trends?range=7d&workspace=acme');
  });

  it('keeps a workspace the caller named', () => {
    expect(withWorkspace('/api/pricing/slices?workspace=other', 'acme')).toBe('/api/pricing/slices?workspace=other');
  });

  it('names none on routes that belong to no workspace', () => {
    for (const path of ['/api/auth/me', '/api/auth/login', '/api/health', '/api/openapi.json']) {
      expect(withWorkspace(path, 'acme')).toBe(path);
    }
    expect(withWorkspace('/api/healthy-prospects', 'acme')).toBe('/api/healthy-prospects?workspace=acme');
  });
});
