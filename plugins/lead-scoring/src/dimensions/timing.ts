import type { Fact } from '@meetflow/plugin-sdk';
import type { ResearchSubset } from '../schemas.ts';
import { significantWords } from '../text.ts';
import { factsProvingTech } from './tech-stack.ts';
import type { DimensionResult } from './types.ts';

/** Points each intent signal adds (capped at 100): money to spend, a team growing, a named pain, a relevant tool adopted. */
export const SIGNAL_POINTS = { funding: 40, hiring: 35, painPoint: 15, techAdoption: 10 } as const;
/** Funding announced this many calendar years before now or earlier earns a share of the points only. */
export const STALE_FUNDING_YEARS = 2;
export const STALE_FUNDING_SHARE = 0.4;

interface Signal {
  points: number;
  clause: string;
  factIds: string[];
}

function fundingSignal(research: ResearchSubset, now: Date): Signal | null {
  const facts = research.facts.filter((fact) => fact.kind === 'funding');
  const text = facts[0]?.value ?? research.signals.funding;
  if (!text) return null;
  const factIds = facts.map((fact) => fact.id);
  const years = [...text.matchAll(/\b(19|20)\d{2}\b/g)].map((match) => Number(match[0]));
  const year = years.length > 0 ? Math.max(...years) : null;
  if (year !== null && now.getUTCFullYear() - year >= STALE_FUNDING_YEARS) {
    return { points: Math.round(SIGNAL_POINTS.funding * STALE_FUNDING_SHARE), clause: `funding "${text}" (${year}, not recent)`, factIds };
  }
  return { points: SIGNAL_POINTS.funding, clause: `funding "${text}"`, factIds };
}

function hiringSignal(research: ResearchSubset): Signal | null {
  const facts = research.facts.filter((fact) => fact.kind === 'hiring');
  const text = facts[0]?.value ?? research.signals.hiring;
  return text ? { points: SIGNAL_POINTS.hiring, clause: `hiring "${text}"`, factIds: facts.map((fact) => fact.id) } : null;
}

/** True when at least half the meaningful words of the ICP pain appear in the researched pain. */
export function painMatches(researched: string, icpPain: string): boolean {
  const wanted = significantWords(icpPain);
  if (wanted.size === 0) return false;
  const have = significantWords(researched);
  return [...wanted].filter((word) => have.has(word)).length * 2 >= wanted.size;
}

function painSignal(research: ResearchSubset, icpPains: string[]): Signal | null {
  const painFacts = research.facts.filter((fact) => fact.kind === 'pain-point');
  const sources: Array<{ text: string; fact: Fact | null }> = [
    ...painFacts.map((fact) => ({ text: fact.value, fact })),
    ...research.painPoints.map((text) => ({ text, fact: null })),
  ];
  for (const icpPain of icpPains) {
    const hit = sources.find((source) => painMatches(source.text, icpPain));
    if (hit)
      return {
        points: SIGNAL_POINTS.painPoint,
        clause: `named pain "${hit.text}" matches the ICP's "${icpPain}"`,
        factIds: hit.fact ? [hit.fact.id] : [],
      };
  }
  return null;
}

function techAdoptionSignal(research: ResearchSubset, icpTech: string[]): Signal | null {
  for (const tech of icpTech) {
    const facts = factsProvingTech(research.facts, tech);
    if (facts.length > 0) return { points: SIGNAL_POINTS.techAdoption, clause: `uses ${tech}`, factIds: facts.map((fact) => fact.id) };
  }
  return null;
}

/**
 * Timing and intent from the research signals: funding, hiring, an ICP pain named in the
 * research, an ICP technology in use. Without research the timing is unknown.
 */
export function scoreTiming(
  research: ResearchSubset | undefined,
  icp: { painPoints: string[]; techStack: string[] },
  now: Date,
): DimensionResult {
  if (!research)
    return { score: 0, reason: 'timing unknown: no research to read signals from', factIds: [], evidence: 0, hasCriterion: true };
  const signals = [
    fundingSignal(research, now),
    hiringSignal(research),
    painSignal(research, icp.painPoints),
    techAdoptionSignal(research, icp.techStack),
  ].filter((signal): signal is Signal => signal !== null);
  if (signals.length === 0) {
    // The research found nothing, which is weaker evidence than a signal it found.
    return {
      score: 0,
      reason: 'no funding, hiring, pain or adoption signals in the research',
      factIds: [],
      evidence: 0.5,
      hasCriterion: true,
    };
  }
  const score = Math.min(
    100,
    signals.reduce((sum, signal) => sum + signal.points, 0),
  );
  const factIds = [...new Set(signals.flatMap((signal) => signal.factIds))];
  return {
    score,
    reason: signals.map((signal) => `${signal.clause} (+${signal.points})`).join(', '),
    factIds,
    evidence: 1,
    hasCriterion: true,
  };
}
