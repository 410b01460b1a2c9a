import { INDUSTRIES, normaliseIndustry, type Industry } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import { escapeRegex } from '../../../core/regex.ts';

// The industry filter through the taxonomy research, the ICP and lead scoring share: "fin" names
// Financial services & fintech (its label and every other name for it start a word so), and a
// prospect whose industry reads as that industry (Fintech, Payments, Banking software…) matches.
// A label outside the taxonomy matches by its own words. Stored labels are matched in
// `industryLower` by regular expressions, so the filter stays one query.

/** Names the taxonomy recognises only as the whole label (findIndustry's WHOLE_LABEL_ONLY): too broad inside a longer one. */
const WHOLE_LABEL_ONLY = new Set(['software', 'finance', 'law', 'media', 'analytics', 'energy']);

/** Non-letters and non-digits: what separates words in a stored label ("e-commerce & retail"). */
const GAP = '[^a-z0-9]';

const namesOf = (industry: Industry) => [industry.label, ...industry.synonyms].map(normaliseIndustry);

/** The typed words, normalised as the taxonomy's names are; "and" (or "&") only joins words, so it names nothing. */
const typedWords = (text: string) =>
  normaliseIndustry(text)
    .split(' ')
    .filter((word) => word !== '' && word !== 'and');

/** The taxonomy industries `text` names: each of its words starts a word of the label or of another name of the industry. */
export function industriesNamed(text: string): Industry[] {
  const typed = typedWords(text);
  if (typed.length === 0) return [];
  return INDUSTRIES.filter((industry) =>
    namesOf(industry).some((name) => {
      const words = name.split(' ');
      return typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
    }),
  );
}

/** A name as it may be stored: its words apart or together, "and" written or as "&" ("e commerce and retail" → "E-Commerce & Retail"). */
function storedForm(name: string): string {
  return name
    .split(' ')
    .filter((word) => word !== 'and')
    .map(escapeRegex)
    .join(`${GAP}*(?:and${GAP}+)?`);
}

/**
 * The MongoDB condition of the industry filter on `industryLower`: the label is one of the
 * industries the text names (any of its names as whole words; the broad ones only as the whole
 * label), or the label's own words start with the typed words. Text without a letter or a digit
 * names nothing, so matches nothing.
 */
export function industryCondition(text: string): Record<string, unknown> {
  const typed = typedWords(text);
  if (typed.length === 0) return { industryLower: { $in: [] } };
  const ownWords = { $and: typed.map((word) => ({ industryLower: { $regex: `(?:^|${GAP})${escapeRegex(word)}` } })) };
  const names = [...new Set(industriesNamed(text).flatMap(namesOf))];
  if (names.length === 0) return ownWords;
  const whole = names.filter((name) => WHOLE_LABEL_ONLY.has(name)).map(storedForm);
  const inside = names.filter((name) => !WHOLE_LABEL_ONLY.has(name)).map(storedForm);
  const patterns = [
    ...(whole.length > 0 ? [`^${GAP}*(?:${whole.join('|')})${GAP}*$`] : []),
    ...(inside.length > 0 ? [`(?:^|${GAP})(?:${inside.join('|')})(?:${GAP}|$)`] : []),
  ];
  return { $or: [{ industryLower: { $regex: patterns.join('|') } }, ownWords] };
}
