// How a run reads to a person: its failure as the step and what it met, its input in one line.

/** A run's error split into the step that failed (when it names one) and what the step met. */
export interface RunFailure {
  nodeId: string | null;
  message: string;
}

// `step "score" failed: …` (batches) or `step "score" (lead-scoring.scoreProspect) failed: …` (single runs).
const STEP_ERROR = /^step "([^"]+)"(?: \([^)]*\))? failed: (.*)$/s;

/** Splits a run's recorded error; an error naming no step is all message. */
export function parseRunError(error: string | undefined): RunFailure {
  const match = STEP_ERROR.exec(error ?? '');
  return match ? { nodeId: match[1]!, message: match[2]!.trim() } : { nodeId: null, message: (error ?? 'failed').trim() };
}

const SUMMARY_LENGTH = 100;

/** One value in a summary: scalars as JSON, objects and lists elided. */
const brief = (value: unknown) =>
  Array.isArray(value) ? '[…]' : value !== null && typeof value === 'object' ? '{…}' : JSON.stringify(value);

/**
 * A run input in one short line, for a list of runs: `prospect 12 · Ada Lane` for a prospect
 * pipeline's input, else its top-level fields (nested ones elided), cut to 100 characters.
 */
export function inputSummary(input: unknown): { prospectId: number | string | null; summary: string } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { prospectId: null, summary: cut(brief(input) ?? 'no input') };
  }
  const fields = input as Record<string, unknown>;
  const prospectId = typeof fields.prospectId === 'number' || typeof fields.prospectId === 'string' ? fields.prospectId : null;
  if (prospectId !== null) {
    const contact = fields.contact as { firstName?: unknown; lastName?: unknown } | undefined;
    const name = [contact?.firstName, contact?.lastName].filter((part) => typeof part === 'string' && part).join(' ');
    return { prospectId, summary: cut(`prospect ${prospectId}${name ? ` · ${name}` : ''}`) };
  }
  const entries = Object.entries(fields).map(([key, value]) => `${key}: ${brief(value)}`);
  return { prospectId: null, summary: cut(entries.length > 0 ? entries.join(', ') : 'no input') };
}

function cut(text: string): string {
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}
