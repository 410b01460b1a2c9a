import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { selected, selectedAll } from './match.ts';

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

describe('several selectors read in one walk of the page', () => {
  it('selects for each what cheerio selects, every element, in document order', () => {
    const selectors = ['li.odd', 'meta[name="generator"],script', 'div li[data-n]', 'a[href]', 'section.missing', 'li:first'];
    const lists = selectedAll(selectors, signals);
    selectors.forEach((selector, index) => expect(lists[index], selector).toEqual(signals.$(selector).toArray()));
    expect(lists[2]).toHaveLength(30);
  });

  it('selects nothing for a selector it cannot read', () => {
    expect(selectedAll(['li[', 'li.odd'], signals).map((list) => list.length)).toEqual([0, 15]);
  });
});
