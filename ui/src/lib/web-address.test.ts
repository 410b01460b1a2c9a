import { describe, expect, it } from 'vitest';
import { webAddress } from './web-address.ts';

describe('webAddress', () => {
  it('keeps http and https pages, such as the evidence of a researched fact', () => {
    expect(webAddress('https://acme.test/about')).toBe('https://acme.test/about');
    expect(webAddress('http://127.0.0.1:3100/companies/acme.test/')).toBe('http://127.0.0.1:3100/companies/acme.test/');
    expect(webAddress(' HTTPS://Acme.test/Team ')).toBe('https://acme.test/Team');
  });

  it('makes no link of any other scheme, however it is spelt', () => {
    for (const evidence of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:ceo@acme.test',
      'ftp://acme.test/',
    ])
      expect(webAddress(evidence), evidence).toBeNull();
  });

  it('makes no link of what is not an address', () => {
    expect(webAddress('not a url')).toBeNull();
    expect(webAddress('/relative/path')).toBeNull();
    expect(webAddress('')).toBeNull();
    expect(webAddress(null)).toBeNull();
    expect(webAddress(undefined)).toBeNull();
  });
});
