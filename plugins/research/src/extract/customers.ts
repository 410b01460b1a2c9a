import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn } from './text.ts';

const MAX_NAMED_CUSTOMERS = 8;

// "Trusted by 1,200+ finance teams", "used by over 300 companies".
const CUSTOMER_COUNT =
  /\b(?:trusted by|used by|loved by|relied on by|serving|powering|join(?:ing)?|helps?)\s+((?:over |more than )?\d[\d,]*\+?)\s+((?:[A-Za-z-]+\s){0,2}?(?:teams|companies|customers|businesses|brands|organi[sz]ations|merchants|manufacturers|retailers|hospitals|schools))\b/i;
// A case-study heading: "How Fabrikam Logistics cut AP costs by 62%".
const CASE_STUDY =
  /^How ([A-Z][\w&.'-]*(?: [A-Z][\w&.'-]*){0,3}) (?:cut|cuts|reduced|saved|saves|grew|increased|scaled|automated|uses|used|boosted|improved|doubled|halved|eliminated)\b/;
const FORTUNE_CUSTOMERS = /\b(?:trusted by|used by|customers include|work with|serve|serving)\b[^.]*\b(Fortune (?:50|100|500|1000))\b/i;

/** A company name from a logo's alt text: "Northwind Traders logo" → "Northwind Traders". */
export function nameFromLogoAlt(alt: string): string {
  return alt
    .replace(/\blogo(?:type)?\b/gi, '')
    .replace(/^\s*(?:of|for)\s+/i, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * Customers as the site shows them: logos in customer/client sections, case-study headings,
 * customer counts ("trusted by 1,200+ teams") and Fortune-list claims.
 */
export function extractCustomers(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  const named = new Set<string>();
  const addNamed = (name: string, url: string, snippet: string, confidence: number) => {
    if (name.length < 2 || named.has(name.toLowerCase()) || named.size >= MAX_NAMED_CUSTOMERS) return;
    named.add(name.toLowerCase());
    drafts.push({ kind: 'customer', value: `Customer: ${name}`, url, snippet, confidence });
  };
  for (const page of pages) {
    for (const block of page.blocks) {
      const study = CASE_STUDY.exec(block.text);
      if (study?.[1]) addNamed(study[1], page.url, block.text, 0.8);
    }
  }
  for (const page of pages.filter((candidate) => candidate.kind === 'home' || candidate.kind === 'customers')) {
    // Logos say "customer" less surely than a case study: some sections mix in partners.
    for (const alt of page.logoAlts) addNamed(nameFromLogoAlt(alt), page.url, alt, 0.7);
  }
  for (const sentence of sentencesIn(pages)) {
    const count = CUSTOMER_COUNT.exec(sentence.text);
    if (count)
      drafts.push({
        kind: 'customer',
        value: `Customer base: ${count[1]} ${count[2]}`,
        url: sentence.url,
        snippet: sentence.text,
        confidence: 0.75,
      });
    const fortune = FORTUNE_CUSTOMERS.exec(sentence.text);
    if (fortune)
      drafts.push({
        kind: 'customer',
        value: `Works with ${fortune[1]} companies`,
        url: sentence.url,
        snippet: sentence.text,
        confidence: 0.7,
      });
  }
  return drafts;
}
