import type { StepStatus } from '@meetflow/workflows/pipeline';
import { ApiError } from '../../../../lib/api-client.ts';

// A test run as the editor follows it: the parts of a run (GET /api/runs/:id) and of its event
// stream (GET /api/runs/:id/events) the canvas shows.

/** A run's status; `cancelled` only happens to a batch's runs. */
export type TestRunStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

/** One step of the run as the worker records it. */
export interface TestRunStep {
  status: StepStatus;
  activity: string;
  attempts: number;
  startedAt?: string;
  endedAt?: string;
  error?: string;
}

/** The run a test run started, as far as the editor follows it. */
export interface TestRun {
  runId: string;
  status: TestRunStatus;
  steps: Record<string, TestRunStep>;
  error?: string;
}

/** One event of the run's stream: the whole state on connecting, then each step and run change. */
export type RunEvent =
  | { type: 'snapshot'; status: TestRunStatus; steps: Record<string, TestRunStep> }
  | ({ type: 'step'; nodeId: string } & TestRunStep)
  | { type: 'run'; status: TestRunStatus; error?: string };

/** True while the run may still change. */
export const isRunLive = (status: TestRunStatus): boolean => status === 'pending' || status === 'running';

/** The run after one event of its stream. */
export function applyRunEvent(run: TestRun, event: RunEvent): TestRun {
  switch (event.type) {
    case 'snapshot':
      return { ...run, status: event.status, steps: event.steps };
    case 'step': {
      const { type: _type, nodeId, ...step } = event;
      return { ...run, steps: { ...run.steps, [nodeId]: step } };
    }
    case 'run':
      return { ...run, status: event.status, ...(event.error ? { error: event.error } : {}) };
  }
}

/** What the pasted run input is: an object to run with, or why it cannot be one. */
export type ParsedInput = { input: Record<string, unknown> } | { error: string };

/** Reads the pasted run input: a JSON object (the run input's fields), else says what is wrong. */
export function parseRunInput(text: string): ParsedInput {
  if (text.trim() === '') return { error: 'Paste the run input: a JSON object such as {"prospect": {…}, "icp": {…}}' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'The run input must be a JSON object, with one key per field the steps read' };
  return { input: value as Record<string, unknown> };
}

/** Why a test run could not start, as the dialog shows it: a title, the API's words, and each problem of the draft it named. */
export interface TestRunRefusal {
  title: string;
  text: string;
  fields: Array<[at: string, message: string]>;
}

/** The API's words as a sentence, ending with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** How a refused test run reads: each status the route answers has its own title. */
export function testRunRefusal(error: unknown): TestRunRefusal {
  if (!(error instanceof ApiError))
    return { title: 'Meetflow could not be reached', text: 'Check your connection and try again.', fields: [] };
  const fields = Object.entries(error.fields);
  switch (error.status) {
    case 400: // the draft's shape is broken
    case 422: // well formed, but it cannot run here: each problem by node and field
      return { title: 'The draft cannot run', text: error.text, fields };
    case 404:
      return { title: 'No such prospect', text: `${sentence(error.text)} Choose another.`, fields: [] };
    case 409:
      return { title: 'Nothing to build the run input from', text: `${sentence(error.text)} Or paste a run input instead.`, fields: [] };
    default:
      return { title: 'The test run did not start', text: error.text, fields };
  }
}
