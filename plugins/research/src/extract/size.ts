import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn, type Sentence } from './text.ts';

/** Headcount and revenue as the site states them, or null. */
export interface SizeResult {
  employees: string | null;
  revenue: string | null;
  drafts: FactDraft[];
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const APPROX = String.raw`(?:(over|more than)\s+|(?:nearly|almost|about|around|roughly)\s+)?`;
const MONEY = String.raw`[$€£]\s?\d+(?:\.\d+)?\s?(?:million|billion|mm|bn|k|m|b)?\b\+?`;

interface SizeRule {
  pattern: RegExp;
  confidence: number;
  describe: (match: RegExpExecArray) => string;
}

// "over 250 employees" and "250+ employees" both mean at least 250: groups are (over)(number)(+).
const atLeast = (m: RegExpExecArray) => `${m[2]}${m[1] || m[3] ? '+' : ''} employees`;

const EMPLOYEE_RULES: SizeRule[] = [
  {
    pattern: new RegExp(String.raw`\b${NUMBER}\s*[-–]\s*${NUMBER} employees\b`, 'i'),
    confidence: 0.7,
    describe: (m) => `${m[1]}–${m[2]} employees`,
  },
  {
    pattern: new RegExp(
      String.raw`\b${APPROX}${NUMBER}(\+)?\s+(?:full-time\s+)?(?:employees|staff|team members|teammates|people on (?:our|the) team)\b`,
      'i',
    ),
    confidence: 0.8,
    describe: (m) => atLeast(m),
  },
  { pattern: new RegExp(String.raw`\bteam of ${APPROX}${NUMBER}(\+)?`, 'i'), confidence: 0.75, describe: (m) => atLeast(m) },
  {
    pattern: new RegExp(String.raw`\b${NUMBER}(\+)?[- ]person (?:team|company)\b`, 'i'),
    confidence: 0.75,
    describe: (m) => `${m[1]}${m[2] ?? ''} employees`,
  },
  // "We're 85 people across…", "we are 45 engineers, analysts and field experts", "employs 120 people".
  {
    pattern: new RegExp(
      String.raw`\b(?:we are|we're|we’re|employs?|employing|we now employ)\s+${APPROX}${NUMBER}(\+)?\s+(?:people|persons|humans|staff|engineers|experts|professionals|specialists)\b`,
      'i',
    ),
    confidence: 0.7,
    describe: (m) => atLeast(m),
  },
  { pattern: /\b(?:we are|we're|is) an? (Fortune (?:50|100|500|1000)) company\b/i, confidence: 0.6, describe: (m) => `${m[1]} company` },
];

const REVENUE_RULES: SizeRule[] = [
  {
    pattern: new RegExp(String.raw`(${MONEY})\s+(?:in\s+)?(?:annual\s+)?(?:recurring\s+)?(revenue|ARR|sales|turnover)\b`, 'i'),
    confidence: 0.75,
    describe: (m) => `${m[1]} ${m[2]}`,
  },
  {
    pattern: new RegExp(String.raw`\b(revenue|ARR|annual sales|turnover) of ${APPROX}(${MONEY})`, 'i'),
    confidence: 0.75,
    describe: (m) => `${m[3]} ${m[1]}`,
  },
];

// "for companies with 50–500 employees" describes the customers, not the company itself.
const ABOUT_OTHERS = /\b(?:companies|businesses|organi[sz]ations|teams|customers|clients|firms|enterprises)\s+(?:with|of|up to|between)\b/i;

// The about, team and careers pages speak about the company itself; prefer what they say.
const PAGE_PREFERENCE: Record<string, number> = { about: 0, team: 0, careers: 1, home: 2 };

function findAll(sentences: readonly Sentence[], rules: readonly SizeRule[], kind: 'employees' | 'revenue'): FactDraft[] {
  const drafts: FactDraft[] = [];
  for (const sentence of sentences) {
    if (kind === 'employees' && ABOUT_OTHERS.test(sentence.text)) continue;
    for (const rule of rules) {
      const match = rule.pattern.exec(sentence.text);
      if (!match) continue;
      drafts.push({ kind, value: rule.describe(match), url: sentence.url, snippet: sentence.text, confidence: rule.confidence });
      break;
    }
  }
  return drafts;
}

const preference = (draft: FactDraft, pages: readonly ParsedPage[]) =>
  PAGE_PREFERENCE[pages.find((page) => page.url === draft.url)?.kind ?? ''] ?? 3;

/** Headcount ("200+ employees", "team of 45") and revenue ("$12M ARR") statements. */
export function extractSize(pages: readonly ParsedPage[]): SizeResult {
  const sentences = sentencesIn(pages, true);
  const byPreference = (drafts: FactDraft[]) =>
    [...drafts].sort((a, b) => preference(a, pages) - preference(b, pages) || b.confidence - a.confidence);
  const employees = byPreference(findAll(sentences, EMPLOYEE_RULES, 'employees'));
  const revenue = byPreference(findAll(sentences, REVENUE_RULES, 'revenue'));
  return { employees: employees[0]?.value ?? null, revenue: revenue[0]?.value ?? null, drafts: [...employees, ...revenue] };
}
