import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { selected } from './match.ts';

const items = Array.from(
  { length: 30 },
  (_, index) => `<li class="item ${index % 2 ? 'odd' : 'even'}" data-n="${index}">Item ${index}</li>`,
);
const { signals } = pageFrom(
  `<html><head><meta name="generator" content="WordPress 6.4"><script>window.dataLayer = []</script></head>` +
    `<body><div id="app" data-reactroot=""><ul>${items.join('')}</ul><a href="/x" rel="nofollow">Powered by Acme</a></div></body></html>`,
);

describe("a fingerprint's CSS selector, compiled once", () => {
  it('selects what cheerio selects, in document order, at most 20', () => {
    const selectors = [
      'meta[name="generator"][content*="WordPress"]',
      '#app[data-reactroot]',
      'ul > li.odd',
      'li:not(.even)',
      'div li[data-n]',
      'a:contains("Powered by")',
      'script',
      'section.missing',
    ];
    for (const selector of selectors) {
      const elements = selected(selector, signals);
      expect(elements, selector).toEqual(signals.$(selector).slice(0, 20).toArray());
    }
    expect(selected('div li[data-n]', signals)).toHaveLength(20);
    expect(selected('ul > li.odd', signals)).toHaveLength(15);
  });

  it("reads a selector only cheerio's extensions know through cheerio, and none it cannot read", () => {
    expect(selected('li:first', signals)?.map((element) => element.attribs['data-n'])).toEqual(['0']);
    expect(selected('li:eq(3)', signals)?.map((element) => element.attribs['data-n'])).toEqual(['3']);
    expect(selected('li[', signals)).toBeUndefined();
  });
});
