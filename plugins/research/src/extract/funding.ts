import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn, type Sentence } from './text.ts';

/** The headline funding signal ("Raised $40M Series B (2025)"), or null, and every funding fact. */
export interface FundingResult {
  funding: string | null;
  drafts: FactDraft[];
}

const AMOUNT = String.raw`[$€£]\s?\d+(?:\.\d+)?\s?(?:million|billion|mm|bn|k|m|b)?\b`;
const ROUND = String.raw`(?:pre-seed|seed|series [a-h]|growth|venture)`;
const RAISED = new RegExp(
  String.raw`\b(?:raised|raises|closed|secured|announced)\s+(?:a |an |over |more than )?(${AMOUNT})(?:\s+(?:in\s+)?(?:a\s+|an\s+)?(${ROUND}))?`,
  'i',
);
const AMOUNT_ROUND = new RegExp(String.raw`(${AMOUNT})\s+(${ROUND})\b`, 'i');
const ROUND_ONLY = new RegExp(String.raw`\b(${ROUND}) (?:funding|round|financing)\b`, 'i');
const NAMES = String.raw`[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*`;
const BACKED_BY = new RegExp(String.raw`\b[Bb]acked by (${NAMES}(?:(?:,\s*|,?\s+and\s+)${NAMES})*)`);
const LED_BY = new RegExp(String.raw`\b[Ll]ed by (${NAMES})`);
const YEAR = /\b(20\d{2})\b/;

/** "$40 million" → "$40M", so one round read on two pages is one fact. */
export function normalizeAmount(amount: string): string {
  const match = /^([$€£])\s?(\d+(?:\.\d+)?)\s?([a-z]*)$/i.exec(amount.trim());
  if (!match) return amount.trim();
  const unit = (match[3] ?? '').toLowerCase();
  const suffix = unit.startsWith('b') ? 'B' : unit.startsWith('m') ? 'M' : unit.startsWith('k') ? 'K' : '';
  return `${match[1]}${match[2]}${suffix}`;
}

const titleCase = (round: string) => round.replace(/\b\w/g, (letter) => letter.toUpperCase()).replace(/\bPre-Seed\b/, 'Pre-seed');

function roundIn(sentence: Sentence, currentYear: number): { value: string; confidence: number } | null {
  const raised = RAISED.exec(sentence.text);
  const amountRound = AMOUNT_ROUND.exec(sentence.text);
  const roundOnly = ROUND_ONLY.exec(sentence.text);
  const amount = raised?.[1] ?? amountRound?.[1];
  const round = raised?.[2] ?? amountRound?.[2] ?? roundOnly?.[1];
  if (!amount && !round) return null;
  const parts = [amount ? normalizeAmount(amount) : '', round ? titleCase(round) : ''].filter(Boolean).join(' ');
  const leadInvestor = LED_BY.exec(sentence.text)?.[1]?.replace(/[.,]+$/, '');
  const year = Number(YEAR.exec(sentence.text)?.[1]);
  const when = year && year <= currentYear ? ` (${year})` : '';
  return {
    value: `Raised ${parts}${leadInvestor ? `, led by ${leadInvestor}` : ''}${when}`,
    // A stated amount with a named round is a precise claim; a bare "Series A round" less so.
    confidence: amount && round ? 0.85 : 0.7,
  };
}

/** Funding rounds ("raised $40M Series B led by …") and investors ("backed by …"). */
export function extractFunding(pages: readonly ParsedPage[], currentYear: number): FundingResult {
  const drafts: FactDraft[] = [];
  const seenRounds = new Set<string>();
  for (const sentence of sentencesIn(pages)) {
    const round = roundIn(sentence, currentYear);
    const roundKey = round?.value.replace(/,.*|\s\(\d{4}\)$/, '');
    if (round && roundKey && !seenRounds.has(roundKey)) {
      seenRounds.add(roundKey);
      drafts.push({ kind: 'funding', value: round.value, url: sentence.url, snippet: sentence.text, confidence: round.confidence });
    }
    const backers = BACKED_BY.exec(sentence.text)?.[1]?.replace(/[.,]+$/, '');
    if (backers)
      drafts.push({ kind: 'funding', value: `Backed by ${backers}`, url: sentence.url, snippet: sentence.text, confidence: 0.75 });
  }
  const headline = drafts.find((draft) => draft.value.startsWith('Raised')) ?? drafts[0];
  return { funding: headline?.value ?? null, drafts };
}
