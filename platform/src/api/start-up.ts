// The features' start-up work (each one's `onStart`, core/feature.ts): run when the API starts and
// the database answers, each as soon as the features it names in `after` have finished theirs, the
// others side by side. A failure is logged and skips only the work that waits on it.
import type { FeatureStart } from '../core/feature.ts';
import type { Logger } from '../core/logger.ts';

/** How one feature's start-up work ended: done, failed (logged), or skipped because work it waits on did not succeed. */
export type StartOutcome = 'done' | 'failed' | 'skipped';

/** What the runner needs of a feature. */
export interface Startable<Context> {
  name: string;
  onStart?: FeatureStart<Context>;
}

/**
 * Runs every feature's start-up work, each with the context `contextOf` builds for it, and
 * resolves (never rejects) with each one's outcome by feature name once all have ended.
 */
export async function runStartWork<Context, F extends Startable<Context>>(
  features: ReadonlyArray<F & Startable<Context>>,
  contextOf: (feature: F) => Context,
  logger: Pick<Logger, 'error' | 'warn'>,
): Promise<Map<string, StartOutcome>> {
  const byName = new Map(features.map((feature) => [feature.name, feature]));
  const outcomes = new Map<string, Promise<StartOutcome>>();
  const outcomeOf = (name: string): Promise<StartOutcome> => {
    const known = outcomes.get(name);
    if (known) return known;
    const feature = byName.get(name);
    const start = feature?.onStart;
    // Started on a later tick, after it is recorded, so features naming each other wait instead of looping.
    const outcome =
      !feature || !start
        ? Promise.resolve<StartOutcome>('done')
        : Promise.resolve().then(async (): Promise<StartOutcome> => {
            const waitedOn = start.after ?? [];
            const before = await Promise.all(waitedOn.map(outcomeOf));
            const missed = waitedOn.filter((_, index) => before[index] !== 'done');
            if (missed.length > 0) {
              logger.warn(
                { feature: name, waitingOn: missed },
                `did not ${start.does}: the start-up work of ${missed.join(', ')} did not succeed`,
              );
              return 'skipped';
            }
            try {
              await start.run(contextOf(feature));
              return 'done';
            } catch (error) {
              logger.error({ err: error, feature: name }, `could not ${start.does}`);
              return 'failed';
            }
          });
    outcomes.set(name, outcome);
    return outcome;
  };
  const started = features.filter((feature) => feature.onStart).map((feature) => feature.name);
  const ended = await Promise.all(started.map(outcomeOf));
  return new Map(started.map((name, index) => [name, ended[index]!]));
}
