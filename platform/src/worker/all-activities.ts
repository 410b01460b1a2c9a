import type { BoundActivity } from '@meetflow/plugin-sdk';
import type { FeatureActivity } from '../core/feature.ts';
import { collectionsOf, type WorkerContext } from '../features/context.ts';
import { FEATURES } from '../features/index.ts';
import { bookingUrlForEmail } from '../features/revenue/booking-links/links.ts';

/** What the worker's activities are built over; left out, nothing is sent (secrets) and links point at localhost. */
export type ActivitiesDeps = Omit<WorkerContext, 'secrets' | 'publicUrl' | 'mailAllowHosts'> &
  Partial<Pick<WorkerContext, 'secrets' | 'publicUrl' | 'mailAllowHosts'>>;

/**
 * Every activity the worker registers: the plugins' (as `<plugin>.<activity>`), the built-in steps
 * the features offer (`steps`), and every feature's own (`activities`: the pipeline interpreter's,
 * the sequences' outbox, the learning cycle's, IMAP reading, the platform's checks), as
 * features/index.ts lists them.
 */
export function createActivities(deps: ActivitiesDeps): Record<string, FeatureActivity> {
  const secrets = deps.secrets ?? { unavailable: 'Sending is off: this worker was started without a secrets key' };
  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  const base: WorkerContext = {
    ...deps,
    secrets,
    publicUrl,
    mailAllowHosts: deps.mailAllowHosts ?? [],
    // The email offering a meeting carries the prospect's booking link (revenue, beside email: composed here).
    bookingLink:
      deps.bookingLink ?? ((workspaceId, prospectId) => bookingUrlForEmail({ db: deps.db, secrets, publicUrl }, workspaceId, prospectId)),
  };
  // A step may run a plugin's activity or a built-in one: the features' steps join the plugins'.
  // Each feature is given only the collections it declares it uses.
  const given = (feature: (typeof FEATURES)[number], context: WorkerContext): WorkerContext => ({
    ...context,
    db: collectionsOf(deps.db, feature.uses),
  });
  const steps = Object.assign({}, ...FEATURES.map((feature) => feature.steps?.activities?.(given(feature, base)) ?? {})) as Record<
    string,
    BoundActivity
  >;
  const context: WorkerContext = { ...base, plugins: { ...base.plugins, ...steps } };
  const own = FEATURES.map((feature) => feature.activities?.(given(feature, context)) ?? {});
  return Object.assign({}, context.plugins, ...own) as Record<string, FeatureActivity>;
}
