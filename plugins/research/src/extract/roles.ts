import type { FactDraft } from '../facts.ts';
import type { ParsedPage, TextBlock } from '../page.ts';
import { titleKey, titlesIn } from './job-titles.ts';
import { splitSentences } from './text.ts';

/**
 * Where a site names a job title, strongest first: who the product is for ("built for finance
 * teams"), who vouches for it (a testimonial's "— Maya Patel, VP of Sales"), who runs the
 * company (a team or leadership page), or a passing mention. Roles the site is hiring for (a
 * careers page, a job ad, "we're hiring …") are `hiring`: the company's growth, never its buyer.
 */
export type RoleSource = 'audience' | 'testimonial' | 'team' | 'mention' | 'hiring';
type BuyerSource = Exclude<RoleSource, 'hiring'>;

const SOURCE_ORDER: readonly BuyerSource[] = ['audience', 'testimonial', 'team', 'mention'];
const CONFIDENCE: Record<BuyerSource, number> = { audience: 0.8, testimonial: 0.8, team: 0.75, mention: 0.6 };
/** How each source is written in a role fact's value: "VP of Sales (testimonial)". */
export const SOURCE_LABEL: Record<BuyerSource, string> = {
  audience: 'audience',
  testimonial: 'testimonial',
  team: 'team page',
  mention: 'mention',
};
/** Roles hired, reported as hiring facts ("Hiring: Account Executive"), at most this many per site. */
const MAX_HIRED_ROLES = 6;

// A sentence or section about the company's own openings: "we're hiring", "join us as", "open roles".
const HIRING_CONTEXT =
  /\b(?:we(?:'|’)re hiring|we are hiring|now hiring|join (?:us|our team) as|open (?:positions|roles|jobs|vacancies)|job openings?|apply (?:now|today)|(?:we(?:'|’)re|we are) (?:looking for|recruiting)|careers? at)\b/i;
const HIRING_HEADING =
  /\b(?:careers?|open (?:positions|roles|jobs)|job openings|join (?:us|our team|the team)|we(?:'|’)re hiring|now hiring)\b/i;
// Sentences that say whom the product serves: "built for", "designed for RevOps", "for finance
// teams", "helps controllers", "loved by ops leaders", and problem statements about a role.
const AUDIENCE =
  /\b(?:built|designed|made|created|purpose-built|perfect|ideal|tailored|crafted|trusted|loved|used|chosen)\s+(?:\w+\s+)?(?:for|by)\b|\bfor\s+(?:busy\s+|modern\s+|growing\s+|lean\s+|small\s+|every\s+|the\s+)?(?:[\w&-]+\s+){0,3}(?:teams?|leaders?|managers?|directors?|executives?|owners?|officers?|engineers?|professionals?)\b|\b(?:helps?|empowers?|gives?|lets?|equips?|frees?|saves?)\b|\b(?:struggl\w*|spend\w*|tired|waste\w*|juggl\w*|chas\w*)\b|\bwho\s+(?:run|lead|manage|own)\b/i;
// A testimonial: quoted words, "says", or an attribution line ("— Name, Title").
const TESTIMONIAL = /[“”"]|\b(?:says|said|explains|adds|notes)\b|^\s*[—–-]\s*\S/i;
const QUOTED_WORDS = /[“”"]|\b(?:says|said)\b/i;
const TESTIMONIAL_TAGS = new Set(['blockquote', 'figcaption', 'cite']);
// A short block on a team or about page is a person's card: "Maya Patel", "Chief Executive Officer".
const CARD_WORDS = 12;

function sourceOf(page: ParsedPage, block: TextBlock, sentence: string): RoleSource {
  if (page.kind === 'careers' || HIRING_CONTEXT.test(sentence) || HIRING_HEADING.test(block.heading)) return 'hiring';
  // On a team page a caption is a person's card, not a customer's quote.
  if (page.kind === 'team' && !QUOTED_WORDS.test(sentence)) return 'team';
  if (TESTIMONIAL_TAGS.has(block.tag) || TESTIMONIAL.test(sentence)) return 'testimonial';
  if (page.kind === 'team' || (page.kind === 'about' && sentence.split(/\s+/).length <= CARD_WORDS)) return 'team';
  if (AUDIENCE.test(sentence)) return 'audience';
  return 'mention';
}

/** One title on one page, with the sentence and source. */
interface RoleMention {
  title: string;
  source: RoleSource;
  url: string;
  sentence: string;
}

// The home page's meta description is the company's own line about whom it serves.
const DESCRIPTION_BLOCK: TextBlock = { text: '', tag: 'meta', heading: '' };

// Both the buyer titles and the roles hired are read from the same mentions: each page is read once.
const mentionsRead = new WeakMap<ParsedPage, RoleMention[]>();

function mentionsOn(page: ParsedPage): RoleMention[] {
  const read = mentionsRead.get(page);
  if (read) return read;
  const mentions: RoleMention[] = [];
  mentionsRead.set(page, mentions);
  if (page.kind === 'home') {
    const description = page.meta.get('description')?.[0] ?? page.meta.get('og:description')?.[0] ?? '';
    for (const sentence of splitSentences(description))
      for (const title of titlesIn(sentence))
        mentions.push({ title, source: sourceOf(page, DESCRIPTION_BLOCK, sentence), url: page.url, sentence });
  }
  for (const block of page.blocks) {
    for (const sentence of splitSentences(block.text)) {
      for (const title of titlesIn(sentence)) mentions.push({ title, source: sourceOf(page, block, sentence), url: page.url, sentence });
    }
  }
  // Careers pages list roles as links ("Senior Account Executive — Remote") as often as text.
  if (page.kind === 'careers') {
    for (const link of page.links)
      for (const title of titlesIn(link.text)) mentions.push({ title, source: 'hiring', url: page.url, sentence: link.text });
  }
  return mentions;
}

// A sentence counting the company's own people ("a team of more than 260 warehouse associates,
// supervisors and account managers", "Smilebook is 65 dentists, engineers and …", "most of us former
// credit controllers"): their jobs are the company's staff, not its buyers.
const OWN_STAFF =
  /\b(?:team|staff|workforce|crew) of (?:more than |over |about |around |nearly )?\d[\d,]*\s+[a-z]|\b(?:we(?:'|’)re|we are|is|are) (?:more than |over |about |around |nearly )?\d[\d,]*\s+(?:[a-z-]+,?\s+){0,3}?(?:people|engineers|dentists|developers|specialists|consultants|staff|employees)\b|\b(?:most|half|many|all|some) of us (?:are |were )?(?:former|ex-|trained)\b/i;

const slug = (title: string) => titleKey(title).replace(/ /g, '-');

/**
 * The job titles a site names as its buyers and people, each once with its strongest source
 * ("VP of Sales (testimonial)") and the sentence it stands in: who the customer sells to, who buys
 * and vouches for the product, who leads the company. Roles it hires are not among them (see
 * extractHiredRoles). The ICP builder ranks them across customers.
 */
export function extractRoles(pages: readonly ParsedPage[]): FactDraft[] {
  const best = new Map<string, RoleMention & { source: BuyerSource }>();
  for (const mention of pages.flatMap(mentionsOn)) {
    if (mention.source === 'hiring' || OWN_STAFF.test(mention.sentence)) continue;
    const source = mention.source;
    const current = best.get(titleKey(mention.title));
    if (!current || SOURCE_ORDER.indexOf(source) < SOURCE_ORDER.indexOf(current.source))
      best.set(titleKey(mention.title), { ...mention, source });
  }
  return [...best.values()].map((mention) => ({
    kind: 'role',
    value: `${mention.title} (${SOURCE_LABEL[mention.source]})`,
    url: mention.url,
    snippet: mention.sentence,
    confidence: CONFIDENCE[mention.source],
  }));
}

/**
 * The roles a site is hiring for — listed on its careers page, in a job ad, or after "we're
 * hiring" — as hiring facts ("Hiring: Account Executive", id `hiring-role-account-executive`),
 * once each with the line it was read from: evidence the company grows, never a buyer title.
 */
export function extractHiredRoles(pages: readonly ParsedPage[]): FactDraft[] {
  const hired = new Map<string, RoleMention>();
  for (const mention of pages.flatMap(mentionsOn)) {
    const key = titleKey(mention.title);
    if (mention.source === 'hiring' && !hired.has(key)) hired.set(key, mention);
  }
  return [...hired.values()].slice(0, MAX_HIRED_ROLES).map((mention) => ({
    kind: 'hiring',
    key: `role-${slug(mention.title)}`,
    value: `Hiring: ${mention.title}`,
    url: mention.url,
    snippet: mention.sentence,
    confidence: 0.7,
  }));
}
