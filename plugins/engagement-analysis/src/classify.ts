import type { EngagementConfig } from './config.ts';
import { envelopeEvidence, phraseEvidence, proposedTimeEvidence, type Evidence } from './evidence.ts';
import { referralContact, type ReferralContact } from './referral.ts';
import { replyText, sentences } from './reply-text.ts';
import { proposedTimes } from './proposed-times.ts';
import { parseReturnDate } from './return-date.ts';
import { REPLY_CATEGORIES, type ObjectionKind, type ReplyCategory, type ReplyClassification, type ReplyInput } from './schemas.ts';

// Automated messages and opt-outs carry no wish to meet, whatever words they contain.
const NO_MEETING_INTENT: ReadonlySet<ReplyCategory> = new Set(['bounce', 'unsubscribe', 'out-of-office']);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Categories by total weight, highest first; equal totals follow REPLY_CATEGORIES (the precedence). */
export function rankCategories(evidence: readonly Evidence[]): Array<{ category: ReplyCategory; score: number }> {
  return REPLY_CATEGORIES.map((category) => ({
    category,
    score: round2(evidence.filter((item) => item.category === category).reduce((sum, item) => sum + item.weight, 0)),
  }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || REPLY_CATEGORIES.indexOf(a.category) - REPLY_CATEGORIES.indexOf(b.category));
}

/**
 * Confidence = strength × (0.5 + 0.5 × margin): strength = 1 − e^(−score) grows with every
 * signal for the winner (one clear phrase ≈ 0.63, two ≈ 0.86); margin = (winner − runner-up)
 * / winner, so an undisputed winner keeps it all and a tie halves it.
 */
export function confidenceOf(winner: number, runnerUp: number): number {
  if (winner <= 0) return 0;
  return round2((1 - Math.exp(-winner)) * (0.5 + 0.5 * ((winner - runnerUp) / winner)));
}

/** 1 − Π(1 − w) over the scheduling signals: each one closes part of the remaining doubt. */
function meetingIntentOf(evidence: readonly Evidence[]): number {
  return round2(1 - evidence.reduce((doubt, item) => doubt * (1 - (item.intent ?? 0)), 1));
}

/** The heaviest objection raised; a reasoned "not now" without one is a timing objection. */
function objectionOf(evidence: readonly Evidence[], category: ReplyCategory): ObjectionKind | null {
  if (category === 'bounce' || category === 'out-of-office') return null;
  const strongest = evidence.filter((item) => item.objection).sort((a, b) => b.weight - a.weight)[0];
  const saidNotNow = evidence.some((item) => item.category === 'not-now');
  return strongest?.objection ?? (category === 'not-now' && saidNotNow ? 'timing' : null);
}

function referralOf(evidence: readonly Evidence[], replySentences: readonly string[]): ReferralContact {
  const contacts = evidence
    .filter((item) => item.category === 'referral' && item.sentence !== undefined)
    .map((item) => referralContact(replySentences[item.sentence ?? 0] ?? '', replySentences[(item.sentence ?? 0) + 1]));
  return contacts.find((contact) => contact.name || contact.email) ?? contacts[0] ?? { name: null, email: null };
}

/** Classifies one reply with the explainable rules; see the README for the whole method. */
export function classifyReply(reply: ReplyInput, config: EngagementConfig): ReplyClassification {
  const replySentences = sentences(replyText(reply.body));
  const evidence = [
    ...envelopeEvidence(reply),
    ...phraseEvidence(replySentences),
    ...proposedTimeEvidence(replySentences, reply.receivedAt, reply.timeZone),
  ];
  const [winner, runnerUp] = rankCategories(evidence);
  // Nothing recognisable ("Thanks!"): the neutral category, zero confidence, so a person looks.
  const category = winner?.category ?? 'not-now';
  const confidence = confidenceOf(winner?.score ?? 0, runnerUp?.score ?? 0);
  const returnDate = category === 'out-of-office' ? parseReturnDate(replySentences.join('\n'), reply.receivedAt) : null;
  const needsReview = confidence < config.minConfidence;
  const action = needsReview ? 'pause' : category === 'out-of-office' ? (returnDate ? 'pause' : 'continue') : 'stop';
  const signals = evidence.map(({ rule, matched }) => ({ rule, matched }));
  if (returnDate) signals.push({ rule: 'out-of-office.return-date', matched: returnDate.matched });
  return {
    category,
    confidence,
    meetingIntent: NO_MEETING_INTENT.has(category) ? 0 : meetingIntentOf(evidence),
    returnDate: returnDate?.date ?? null,
    referral: category === 'referral' ? referralOf(evidence, replySentences) : null,
    proposedTimes: NO_MEETING_INTENT.has(category)
      ? []
      : proposedTimes(replySentences, reply.receivedAt, reply.timeZone).map(({ start, matched }) => ({ start, matched })),
    objection: objectionOf(evidence, category),
    action,
    needsReview,
    signals,
  };
}
