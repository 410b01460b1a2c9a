// Research reads job titles wherever a site names them and reports each once per site as a
// "role" fact: "VP of Sales (testimonial)", "Head of Finance (team page)", "Account Executive
// (careers page)", "Controller (audience)", with the sentence as evidence. Here they are read
// back and ranked across the customers: a title more customers name is a surer buyer.
import type { Fact } from '@meetflow/plugin-sdk';

/** Where a site named a title, strongest first (research's order). */
export const TITLE_SOURCES = ['audience', 'testimonial', 'team page', 'careers page', 'mention'] as const;
export type TitleSource = (typeof TITLE_SOURCES)[number];

/** A title one customer's site names, with the words it was read from. */
export interface TitleMention {
  /** As research spells it: "VP of Sales", "Head of RevOps", "CRO", "Sales Manager". */
  title: string;
  source: TitleSource;
  url: string;
  snippet: string;
}

/** A title across the customers: how many name it, and where. */
export interface RankedTitle {
  title: string;
  /** Customers whose sites name it. */
  sites: number;
  /**
   * What the ranking counts: 1 per customer naming it where it speaks of its buyers or people
   * (audience, testimonial, team page), ½ per customer only hiring for it or mentioning it in
   * passing, and 1 for an extra title (the workspace's own word).
   */
  support: number;
  evidence: TitleMention[];
  /** Given by the caller (the workspace's target personas), not read from a customer site. */
  extra: boolean;
}

const ROLE_VALUE = new RegExp(`^(.+) \\((${TITLE_SOURCES.join('|')})\\)$`);

/** The key two spellings of one title share ("VP of Sales" = "vp of sales", "Sales & Marketing" = "Sales and Marketing"). */
export const titleKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/\bvice president\b/g, 'vp')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The titles in a research result's role facts, strongest source first. */
export function titleMentionsOf(facts: readonly Fact[]): TitleMention[] {
  return facts
    .filter((fact) => fact.kind === 'role')
    .flatMap((fact) => {
      const match = ROLE_VALUE.exec(fact.value);
      return match ? [{ title: match[1]!, source: match[2] as TitleSource, url: fact.evidence.url, snippet: fact.evidence.snippet }] : [];
    })
    .sort((a, b) => TITLE_SOURCES.indexOf(a.source) - TITLE_SOURCES.indexOf(b.source));
}

// Roles a customer hires, or names in passing, say less about who buys than whom it serves.
const WEAK_SOURCES: ReadonlySet<TitleSource> = new Set(['careers page', 'mention']);
const supportOf = (mention: TitleMention) => (WEAK_SOURCES.has(mention.source) ? 0.5 : 1);

const strongest = (evidence: readonly TitleMention[]) => Math.min(...evidence.map((mention) => TITLE_SOURCES.indexOf(mention.source)));

/**
 * Ranks titles by how many customers name them (a careers listing or a passing mention counting
 * half: see RankedTitle.support), then by their strongest source, then as first met.
 * `extraTitles` (e.g. the target personas of the workspace's offer) join the ranking with one
 * support each, added to the customers naming them: a persona a customer also names outranks
 * one only that customer names.
 */
export function rankTitles(
  members: ReadonlyArray<{ titles: readonly TitleMention[] }>,
  extraTitles: readonly string[] = [],
): RankedTitle[] {
  const ranked = new Map<string, RankedTitle & { order: number }>();
  members.forEach((member, memberIndex) => {
    const seen = new Set<string>();
    member.titles.forEach((mention, position) => {
      const key = titleKey(mention.title);
      if (seen.has(key)) return;
      seen.add(key);
      const entry = ranked.get(key) ?? {
        title: mention.title,
        sites: 0,
        support: 0,
        evidence: [],
        extra: false,
        order: position * members.length + memberIndex,
      };
      entry.sites += 1;
      entry.support += supportOf(mention);
      entry.evidence.push(mention);
      ranked.set(key, entry);
    });
  });
  extraTitles.forEach((title, position) => {
    const key = titleKey(title);
    if (!key) return;
    const entry = ranked.get(key) ?? {
      title: title.trim(),
      sites: 0,
      support: 0,
      evidence: [],
      extra: true,
      order: Number.MAX_SAFE_INTEGER - extraTitles.length + position,
    };
    entry.support += 1;
    ranked.set(key, entry);
  });
  return [...ranked.values()]
    .sort((a, b) => b.support - a.support || strongestOrLast(a) - strongestOrLast(b) || a.order - b.order)
    .map(({ order: _order, ...title }) => title);
}

const strongestOrLast = (title: RankedTitle) => (title.evidence.length > 0 ? strongest(title.evidence) : TITLE_SOURCES.length);
