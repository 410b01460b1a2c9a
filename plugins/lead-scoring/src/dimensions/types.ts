/** What one dimension concluded about the prospect, before weighting. */
export interface DimensionResult {
  /** 0–100, integer. */
  score: number;
  /** One clause a sales person can read: the evidence and how it compared with the ICP. */
  reason: string;
  /** Researched facts the reason rests on. */
  factIds: string[];
  /** 0–1: how much evidence there was (0 when the prospect's side is unknown). */
  evidence: number;
  /** False when the ICP sets no criterion for this dimension; its weight then goes to the others. */
  hasCriterion: boolean;
}

/** Mean fact confidence, or `fallback` when there are no facts. */
export function meanConfidence(facts: ReadonlyArray<{ confidence: number }>, fallback: number): number {
  if (facts.length === 0) return fallback;
  return facts.reduce((sum, fact) => sum + fact.confidence, 0) / facts.length;
}

/** One reading of company size (headcount, or revenue) against the ICP's range for it. */
export interface SizePart {
  /** 0–100, or null when the prospect's side is unknown. */
  score: number | null;
  /** "120 employees (prospect record), inside the ICP's 50-200". */
  clause: string;
  factIds: string[];
  evidence: number;
}
