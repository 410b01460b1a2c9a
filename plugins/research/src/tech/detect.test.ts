import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { detectTechnologies } from './detect.ts';
import { parsePattern, resolveVersion } from './patterns.ts';

const names = (html: string, headers: Record<string, string> = {}) =>
  detectTechnologies(pageFrom(html, { headers }).signals).map((found) => found.name);
const find = (html: string, name: string, headers: Record<string, string> = {}) =>
  detectTechnologies(pageFrom(html, { headers }).signals).find((found) => found.name === name);

describe('Wappalyzer patterns', () => {
  it('parses confidence and version templates', () => {
    const pattern = parsePattern('nginx(?:/([\\d.]+))?\\;version:\\1\\;confidence:50');
    expect(pattern).toMatchObject({ confidence: 50, version: '\\1' });
    const match = pattern?.regex.exec('nginx/1.25.3');
    expect(match && resolveVersion(pattern?.version ?? '', match)).toBe('1.25.3');
  });

  it('resolves ternary versions and drops unmatched groups', () => {
    expect(resolveVersion('\\1?next:legacy', /(a)?b/.exec('ab') as RegExpExecArray)).toBe('next');
    expect(resolveVersion('\\1?next:legacy', /(a)?b/.exec('b') as RegExpExecArray)).toBe('legacy');
    expect(resolveVersion('\\1', /x(\d)?/.exec('x') as RegExpExecArray)).toBe('');
  });

  it('skips patterns that are not valid JavaScript regexes', () => {
    expect(parsePattern('(unclosed')).toBeNull();
  });
});

describe('technology detection', () => {
  it('reads script sources, with the src as evidence', () => {
    expect(find('<script src="https://js.stripe.com/v3/"></script>', 'Stripe')).toMatchObject({
      evidence: 'https://js.stripe.com/v3/',
      confidence: 100,
    });
  });

  it('reads headers, cookies and meta tags, with versions', () => {
    expect(find('<p>x</p>', 'Nginx', { server: 'nginx/1.25.3' })).toMatchObject({
      version: '1.25.3',
      evidence: 'header server: nginx/1.25.3',
    });
    expect(find('<p>x</p>', 'Express', { 'x-powered-by': 'Express' })?.evidence).toBe('header x-powered-by: Express');
    expect(find('<p>x</p>', 'Express', { 'set-cookie': 'theme=dark; Path=/\nconnect.sid=s%3Aabc; Path=/; HttpOnly' })?.evidence).toBe(
      'cookie connect.sid: s%3Aabc',
    );
    expect(find('<meta name="generator" content="WordPress 6.5">', 'WordPress')).toMatchObject({ version: '6.5' });
  });

  it('reads HTML and CSS-selector fingerprints', () => {
    expect(find('<div id="root" data-reactroot=""></div>', 'React')?.evidence).toContain('data-react');
    expect(find('<link rel="preconnect" href="https://widget.intercom.io">', 'Intercom')?.evidence).toBe(
      '<link rel="preconnect" href="https://widget.intercom.io">',
    );
  });

  it('adds implied technologies, marked as implied', () => {
    const found = detectTechnologies(pageFrom('<p>x</p>', { headers: { 'x-powered-by': 'Express' } }).signals);
    expect(found.find((item) => item.name === 'Node.js')).toMatchObject({ impliedBy: 'Express', evidence: 'header x-powered-by: Express' });
  });

  it('looks for a technology that requires another only once that one is found', () => {
    const astraTheme = '<link rel="stylesheet" href="/wp-content/themes/astra/assets/css/minified/main.min.css?ver=4.5.0">';
    expect(names('<link rel="stylesheet" href="/themes/astra/style.css?ver=4.5.0">')).not.toContain('Astra');
    expect(find(astraTheme, 'Astra')).toMatchObject({ version: '4.5.0' });
  });

  it('finds nothing on a page without fingerprints', () => {
    expect(names('<html><head><title>Plain</title></head><body><p>Hello.</p></body></html>')).toEqual([]);
  });
});
