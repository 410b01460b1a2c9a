import { useEffect, useState } from 'react';
import { apiRequest } from '../../../../lib/api-client.ts';
import { withWorkspace } from '../../../../lib/workspace.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import { useStartTestRun } from '../api/test-run.ts';
import { applyRunEvent, isRunLive, type RunEvent, type TestRun } from '../utils/test-run.ts';

/** What a test run starts from: a prospect of the workspace, or a pasted run input. */
export type TestRunChoice = { prospectId: number } | { input: Record<string, unknown> };

/** The test run on screen: the run, the draft it ran, and whether the draft was edited since. */
interface Watched {
  run: TestRun;
  definition: PipelineDefinition;
  /** True once the draft changed: its statuses belong to the draft that ran, no longer shown on the steps. */
  edited: boolean;
  /** Why live updates stopped before the run ended, if they did. */
  streamError?: string;
}

// The stream's event names (GET /api/runs/:id/events).
const EVENT_TYPES = ['snapshot', 'step', 'run'] as const;

/**
 * The editor's test run: starts the draft on a prospect or an input, then follows the run's
 * event stream (as the run view does) until it ends, so each step's status can be drawn on the
 * canvas. Once the draft is edited the statuses are no longer the draft's: `steps` is undefined
 * again, while the run itself (its status, its link) stays until dismissed or replaced.
 */
export function useTestRun(definition: PipelineDefinition) {
  const start = useStartTestRun();
  const [watched, setWatched] = useState<Watched | null>(null);
  // An edit makes the shown statuses another draft's (an undo back to the draft that ran does not bring them back).
  if (watched && !watched.edited && watched.definition !== definition) setWatched({ ...watched, edited: true });

  const runId = watched?.run.runId;
  const live = watched ? isRunLive(watched.run.status) : false;
  useEffect(() => {
    if (!runId || !live) return;
    const update = (change: (current: Watched) => Watched) =>
      setWatched((current) => (current && current.run.runId === runId ? change(current) : current));
    const source = new EventSource(withWorkspace(`/api/runs/${encodeURIComponent(runId)}/events`), { withCredentials: true });
    for (const type of EVENT_TYPES)
      source.addEventListener(type, (message: MessageEvent<string>) => {
        const event = { ...(JSON.parse(message.data) as object), type } as RunEvent;
        // Closed at once on the last status: the server ends the stream, which EventSource would reopen.
        if (event.type !== 'step' && !isRunLive(event.status)) source.close();
        update((current) => ({ ...current, run: applyRunEvent(current.run, event) }));
      });
    // The server names its own failures `error` too; a dropped connection reconnects by itself.
    source.addEventListener('error', (event) => {
      if (event instanceof MessageEvent)
        update((current) => ({ ...current, streamError: (JSON.parse(event.data as string) as { message: string }).message }));
      else if (source.readyState === EventSource.CLOSED) {
        // Refused (not dropped): show the latest recorded state once.
        update((current) => ({ ...current, streamError: 'Live updates stopped: open the run to follow it.' }));
        apiRequest<TestRun>(`/api/runs/${encodeURIComponent(runId)}`).then(
          ({ status, steps, error }) =>
            update((current) => ({ ...current, run: { ...current.run, status, steps, ...(error ? { error } : {}) } })),
          // Unreachable too: the message above stands.
          () => {},
        );
      }
    });
    return () => source.close();
  }, [runId, live]);

  /** Starts the draft as it is now; `onStarted` runs once the run exists (the dialog closes). */
  const run = (choice: TestRunChoice, onStarted: () => void) =>
    start.mutate(
      { definition, ...choice },
      {
        onSuccess: ({ runId: id, status, steps, error }) => {
          setWatched({ run: { runId: id, status, steps, ...(error ? { error } : {}) }, definition, edited: false });
          onStarted();
        },
      },
    );

  return {
    /** The last test run, while it is on screen. */
    run: watched?.run ?? null,
    /** Each step's status, while the draft on the canvas is the one that ran. */
    steps: watched && !watched.edited ? watched.run.steps : undefined,
    edited: watched?.edited ?? false,
    streamError: watched?.streamError,
    start: run,
    starting: start.isPending,
    /** Why the last start was refused, if it was. */
    error: start.error,
    /** Forgets the last refusal (the dialog opens clean). */
    resetError: start.reset,
    /** Takes the test run off the screen (the run goes on). */
    dismiss: () => setWatched(null),
  };
}

/** The editor's test run and what starts it. */
export type TestRunState = ReturnType<typeof useTestRun>;
