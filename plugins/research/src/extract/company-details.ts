import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn } from './text.ts';

const PLACE = String.raw`[A-Z][\w.'-]+(?:(?:,\s*|\s+)[A-Z][\w.'-]+){0,3}`;
const LOCATION_RULES = [
  {
    pattern: new RegExp(String.raw`\b(?:headquartered|based|located|HQ)\s+in\s+(${PLACE})`),
    describe: (place: string) => `Headquartered in ${place}`,
    confidence: 0.8,
  },
  {
    pattern: new RegExp(String.raw`\boffices? in (${PLACE}(?:,?\s+and\s+${PLACE})?)`),
    describe: (place: string) => `Offices in ${place}`,
    confidence: 0.7,
  },
  {
    pattern: new RegExp(String.raw`\b(?:plants?|factor(?:y|ies)|facilit(?:y|ies)|warehouses?) in (${PLACE})`),
    describe: (place: string) => `Facilities in ${place}`,
    confidence: 0.7,
  },
];
const FOUNDED = /\b(?:founded|established|started|launched)\s+(?:in\s+)?((?:18|19|20)\d{2})\b/i;
const SINCE = /\bsince ((?:18|19|20)\d{2})\b/i;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i;
const SOCIAL_NETWORKS: Array<{ key: string; label: string; host: RegExp; path: RegExp }> = [
  { key: 'linkedin', label: 'LinkedIn', host: /(^|\.)linkedin\.com$/, path: /^\/(company|school|showcase)\/[^/]+/ },
  { key: 'x', label: 'X (Twitter)', host: /(^|\.)(twitter|x)\.com$/, path: /^\/(?!intent|share|home)[A-Za-z0-9_]+\/?$/ },
  { key: 'github', label: 'GitHub', host: /(^|\.)github\.com$/, path: /^\/[^/]+\/?$/ },
  { key: 'facebook', label: 'Facebook', host: /(^|\.)facebook\.com$/, path: /^\/(?!sharer|share|dialog)[^/]+\/?$/ },
  { key: 'youtube', label: 'YouTube', host: /(^|\.)youtube\.com$/, path: /^\/(@|c\/|channel\/|user\/)/ },
  { key: 'instagram', label: 'Instagram', host: /(^|\.)instagram\.com$/, path: /^\/[^/]+\/?$/ },
];

/** Where the company is (headquarters, offices, postal address). */
export function extractLocation(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  for (const sentence of sentencesIn(pages, true)) {
    for (const rule of LOCATION_RULES) {
      // A sentence's closing period is not part of the place ("Austin, Texas.").
      const place = rule.pattern.exec(sentence.text)?.[1]?.replace(/[.,]+$/, '');
      if (place)
        drafts.push({
          kind: 'location',
          value: rule.describe(place),
          url: sentence.url,
          snippet: sentence.text,
          confidence: rule.confidence,
        });
    }
  }
  for (const page of pages) {
    for (const block of [...page.blocks, ...page.boilerplate].filter((candidate) => candidate.tag === 'address')) {
      drafts.push({ kind: 'location', value: `Address: ${block.text}`, url: page.url, snippet: block.text, confidence: 0.85 });
    }
  }
  return drafts;
}

/** The founding year ("founded in 2019", or weaker, "since 1987"), never later than this year. */
export function extractFounded(pages: readonly ParsedPage[], currentYear: number): FactDraft[] {
  for (const rule of [
    { pattern: FOUNDED, confidence: 0.8 },
    { pattern: SINCE, confidence: 0.6 },
  ]) {
    for (const sentence of sentencesIn(pages, true)) {
      const year = Number(rule.pattern.exec(sentence.text)?.[1]);
      if (year && year <= currentYear) {
        return [
          {
            kind: 'founded',
            single: true,
            value: `Founded in ${year}`,
            url: sentence.url,
            snippet: sentence.text,
            confidence: rule.confidence,
          },
        ];
      }
    }
  }
  return [];
}

/** Public contact points: mailto and tel links, and e-mail addresses written on the page. */
export function extractContacts(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  for (const page of pages) {
    for (const link of page.links) {
      const [scheme, rest = ''] = link.href.split(/:(.*)/s);
      const address = decodeURIComponent(rest.split('?')[0] ?? '').trim();
      if (scheme?.toLowerCase() === 'mailto' && EMAIL.test(address))
        drafts.push({ kind: 'contact', value: `Email: ${address.toLowerCase()}`, url: page.url, snippet: link.href, confidence: 0.9 });
      if (scheme?.toLowerCase() === 'tel' && /\d{5,}/.test(address.replace(/\D/g, '')))
        drafts.push({ kind: 'contact', value: `Phone: ${address}`, url: page.url, snippet: link.href, confidence: 0.85 });
    }
    for (const block of [...page.blocks, ...page.boilerplate]) {
      const email = EMAIL.exec(block.text)?.[0];
      if (email)
        drafts.push({ kind: 'contact', value: `Email: ${email.toLowerCase()}`, url: page.url, snippet: block.text, confidence: 0.8 });
    }
  }
  return drafts;
}

/** The company's own social profiles (share buttons and intents are not profiles). */
export function extractSocial(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const link of page.links) {
      let url: URL;
      try {
        url = new URL(link.url);
      } catch {
        continue;
      }
      const network = SOCIAL_NETWORKS.find((candidate) => candidate.host.test(url.hostname) && candidate.path.test(url.pathname));
      if (!network || seen.has(network.key)) continue;
      seen.add(network.key);
      drafts.push({
        kind: 'social',
        key: network.key,
        value: `${network.label}: ${url.origin}${url.pathname}`,
        url: page.url,
        snippet: link.href,
        confidence: 0.9,
      });
    }
  }
  return drafts;
}
