import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';

const MAX_PRICES = 4;
const PRICE =
  /[$€£]\s?\d[\d,]*(?:\.\d{2})?\s*(?:\/|per)\s*(?:mo|month|user|seat|year|yr|license|licence)\b(?:\s*(?:\/|per)\s*(?:mo|month|user|seat|year|yr))?/i;

/** Published prices ("$399 / month") with the plan heading they sit under. */
export function extractPricing(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  // The pricing page first: a price elsewhere is often an example or a comparison.
  const ordered = [...pages].sort((a, b) => Number(b.kind === 'pricing') - Number(a.kind === 'pricing'));
  for (const page of ordered) {
    for (const block of page.blocks) {
      const price = PRICE.exec(block.text);
      if (!price || drafts.length >= MAX_PRICES) continue;
      const plan = block.heading && block.heading !== block.text && block.heading.length <= 40 ? `${block.heading} plan: ` : '';
      drafts.push({
        kind: 'product',
        value: `Pricing: ${plan}${price[0]}`,
        url: page.url,
        snippet: block.text,
        confidence: page.kind === 'pricing' ? 0.85 : 0.65,
      });
    }
  }
  return drafts;
}
