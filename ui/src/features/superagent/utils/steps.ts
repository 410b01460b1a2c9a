/** A step's state on the page (spec section 4), plus skipped for a step the pipeline's condition passed over. */
export type StepState = 'pending' | 'running' | 'completed' | 'failed' | 'skipped';

/** A step as the run's events report it. */
export interface RunStep {
  status: string;
  startedAt?: string;
  endedAt?: string;
  error?: string;
}

/** The spec's four agents, by the prospect pipeline's node ids, in order. */
export const AGENT_STEPS = [
  { nodeId: 'research', name: 'Researcher Agent', description: 'Enriches prospect data with company intelligence' },
  { nodeId: 'score', name: 'Scorer Agent', description: 'Scores prospects using a 5-dimensional methodology' },
  { nodeId: 'copy', name: 'Copywriter Agent', description: 'Generates personalised outreach sequences' },
  { nodeId: 'outreach', name: 'Outreach Agent', description: 'Executes multi-channel outreach campaigns' },
] as const;

/** A step's state from its record; a step the run has not reached is pending. */
export function stepState(step: RunStep | undefined): StepState {
  if (!step) return 'pending';
  return (['running', 'completed', 'failed', 'skipped'] as const).find((state) => state === step.status) ?? 'pending';
}

/** The progress bar: the share (0–100) of the steps that have finished, whichever way. */
export function progressOf(steps: Record<string, RunStep>, nodeIds: readonly string[]): number {
  if (nodeIds.length === 0) return 0;
  const done = nodeIds.filter((id) => ['completed', 'failed', 'skipped'].includes(stepState(steps[id]))).length;
  return Math.round((100 * done) / nodeIds.length);
}

/** A step's measured duration in seconds, one decimal; undefined until it has ended. */
export function stepSeconds(step: RunStep | undefined): string | undefined {
  if (!step?.startedAt || !step.endedAt) return undefined;
  return `${((Date.parse(step.endedAt) - Date.parse(step.startedAt)) / 1000).toFixed(1)}s`;
}

/** Text cut to `max` characters with an ellipsis (the result cards' truncations). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
