import { describe, expect, it } from 'vitest';
import { bearerHeader, curlExample, invitationUrl } from './one-time-secrets.ts';

describe('invitationUrl', () => {
  it('puts the link after the origin the app is served from', () => {
    expect(invitationUrl('http://localhost:3000', '/invite/abc_-123')).toBe('http://localhost:3000/invite/abc_-123');
    expect(invitationUrl('https://app.meetflow.example/', '/invite/Zz9')).toBe('https://app.meetflow.example/invite/Zz9');
  });

  it('stays on the origin whatever the link holds', () => {
    expect(invitationUrl('https://app.meetflow.example', '//evil.example/invite/x')).toBe(
      'https://app.meetflow.example/evil.example/invite/x',
    );
  });
});

describe('bearerHeader and curlExample', () => {
  it('show how a script sends the token', () => {
    expect(bearerHeader('mf_abc')).toBe('Authorization: Bearer mf_abc');
    expect(curlExample('http://localhost:3000', 'mf_abc')).toBe("curl -H 'Authorization: Bearer mf_abc' http://localhost:3000/api/members");
  });
});
