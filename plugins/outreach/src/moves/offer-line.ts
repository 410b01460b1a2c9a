import type { TemplateId } from '../config.ts';

// What the seller does. {seller} is the offer's company, {oneLiner} completes "{seller} …",
// {value} follows "so". The first email states the offer whole; follow-ups add the other value.
const FIRST: Record<TemplateId, string[]> = {
  'roi-focused': ['{seller} {oneLiner}, so {value}.', 'What {seller} does is simple: it {oneLiner}, so {value}.'],
  'pain-point': ['{seller} {oneLiner}, so {value}.', 'That is the problem {seller} solves: it {oneLiner}, so {value}.'],
  'value-prop': ['{seller} {oneLiner}, so {value}.', 'In one line, {seller} {oneLiner}, so {value}.'],
};
const SECOND = ['{seller} also makes sure {value}.', 'With {seller}, {value}.', 'That is the other half of what {seller} does: {value}.'];
const THIRD = ['In short, {seller} {oneLiner}.', 'To recap, {seller} {oneLiner}.'];

/** The offer lines a step may use. */
export function offerLines(step: 1 | 2 | 3, template: TemplateId): string[] {
  return step === 1 ? FIRST[template] : step === 2 ? SECOND : THIRD;
}

/** Every offer phrasing, for the templates screen. */
export function allOfferLines(template: TemplateId): string[] {
  return [...FIRST[template], ...SECOND, ...THIRD];
}
