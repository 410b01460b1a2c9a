import { ENVELOPE_RULES } from './envelope-rules.ts';
import { PHRASE_RULES } from './phrase-rules.ts';
import { proposedTimes } from './proposed-times.ts';
import type { ObjectionKind, ReplyCategory, ReplyInput } from './schemas.ts';
import { INTENT, WEIGHT } from './weights.ts';

/** One fired rule: what it supports, how much, and where. */
export interface Evidence {
  rule: string;
  category: ReplyCategory;
  weight: number;
  matched: string;
  /** Index of the reply sentence it was found in (envelope rules have none). */
  sentence?: number;
  intent?: number;
  objection?: ObjectionKind;
}

/** Evidence from the sender, subject, headers and the raw body (delivery reports, auto-replies). */
export function envelopeEvidence(reply: ReplyInput): Evidence[] {
  return ENVELOPE_RULES.flatMap((rule) => {
    const matched = rule.find(reply);
    return matched === null ? [] : [{ rule: rule.id, category: rule.category, weight: rule.weight, matched }];
  });
}

/** Evidence from the phrase rules: each rule counts once, at the first sentence it matches. */
export function phraseEvidence(sentences: readonly string[]): Evidence[] {
  return PHRASE_RULES.flatMap((rule) => {
    for (const [index, sentence] of sentences.entries()) {
      const found = rule.pattern.exec(sentence);
      if (!found || rule.unless?.test(sentence)) continue;
      return [
        {
          rule: rule.id,
          category: rule.category,
          weight: rule.weight,
          matched: found[0],
          sentence: index,
          ...(rule.intent ? { intent: rule.intent } : {}),
          ...(rule.objection ? { objection: rule.objection } : {}),
        },
      ];
    }
    return [];
  });
}

/** Evidence of a concrete day and time proposed for a meeting (the first one the reply offers). */
export function proposedTimeEvidence(sentences: readonly string[], receivedAt: string, timeZone?: string): Evidence[] {
  const [proposal] = proposedTimes(sentences, receivedAt, timeZone);
  if (!proposal) return [];
  return [
    {
      rule: 'interested.proposed-time',
      category: 'interested',
      weight: WEIGHT.medium,
      intent: INTENT.strong,
      matched: proposal.matched,
      sentence: proposal.sentence,
    },
  ];
}
