/** The first block of a run id (a UUID): enough to tell runs apart on screen. */
export function shortRunId(runId: string): string {
  return runId.slice(0, 8);
}
