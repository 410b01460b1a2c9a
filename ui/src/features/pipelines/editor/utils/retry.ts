import type { PipelineNode, StepRetry } from '@meetflow/workflows/pipeline';

// What the interpreter does for a step that sets nothing (workflows/src/run-pipeline.ts: its
// RETRY and the start-to-close timeout of a step whose plugin declares none).

/** How long one attempt may take when neither the step nor its plugin's manifest says. */
export const DEFAULT_TIMEOUT = '5 minutes';

/** How a step is retried when it sets nothing: 5 attempts, waits from 1 second doubling up to 1 minute. */
export const DEFAULT_RETRY = {
  maximumAttempts: 5,
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
} as const satisfies Required<StepRetry>;

/** One retry setting. */
export type RetryKey = keyof StepRetry;

/**
 * A copy of `node` with one retry setting changed: `value` undefined (an emptied field) drops it,
 * back to the default, and a retry left with no setting is dropped whole.
 */
export function withRetry<K extends RetryKey>(node: PipelineNode, key: K, value: StepRetry[K] | undefined): PipelineNode {
  const { retry: current, ...rest } = node;
  const retry: StepRetry = { ...current };
  if (value === undefined) delete retry[key];
  else retry[key] = value;
  return Object.keys(retry).length > 0 ? { ...rest, retry } : rest;
}

/** What a number field holds as a setting: undefined when empty (the default), else the number typed. */
export function numberSetting(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** What a duration field holds as a setting: undefined when empty (the default), else the text as typed. */
export const durationSetting = (text: string): string | undefined => (text.trim() === '' ? undefined : text);
