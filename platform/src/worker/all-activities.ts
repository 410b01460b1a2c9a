import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import type { ActivityAccess, BoundActivity } from '@meetflow/plugin-sdk';
import type { Client } from '@temporalio/client';
import type { Models } from '../features/models.ts';
import type { Secrets } from '../core/secrets-key.ts';
import type { InProcessChannel, StepActivities } from '../features/runs/plugins/host.ts';
import { createInboxActivities } from '../features/email/inbound/activities.ts';
import { createLearningActivities } from '../features/insights/learning/activities.ts';
import { createApplyScoreActivity } from '../features/prospecting/superagent/apply-score.ts';
import { createBatchActivities } from '../features/runs/pipelines/batch-activities.ts';
import { createPipelineActivities } from '../features/runs/pipelines/activities.ts';
import { createSequenceActivities } from '../features/email/sequences/activities.ts';
import { createSystemActivities } from '../features/runs/system/activities.ts';

/**
 * Every activity the worker registers: the plugins' (as `<plugin>.<activity>`), the pipeline
 * interpreter's, the sequences' outbox, the learning cycle's, IMAP reading, and the platform's own checks.
 */
export function createActivities(deps: {
  db: Models;
  plugins: Record<string, BoundActivity>;
  /** The plugins' activities bound with a pipeline step's own config (PluginHost.stepActivities); without it such a step fails. */
  stepActivities?: StepActivities;
  versions?: Record<string, string>;
  /** Who may place each installed activity: a step its run's principal may not place fails for good. */
  declared: ReadonlyMap<string, { access: ActivityAccess }>;
  /** Opens mailbox passwords and signs unsubscribe links; without it nothing is sent (the emails wait, saying why). */
  secrets?: Secrets;
  /** The base of the links in sent emails. */
  publicUrl?: string;
  /** The email channel plugin that moves the messages, bound in-process (PluginHost.channel); without it nothing is sent. */
  channel?: InProcessChannel | null;
  /** Where replies read over IMAP are classified (a plugin run) and told to their sequence; without it no inbox is read. */
  inbox?: { temporal: Client; taskQueue: string };
  /** Mail servers allowed despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS); default none. */
  mailAllowHosts?: readonly string[];
}) {
  const secrets = deps.secrets ?? { unavailable: 'Sending is off: this worker was started without a secrets key' };
  const mailAllowHosts = deps.mailAllowHosts ?? [];
  // A step may run a plugin's activity or a built-in one; applying a prospect's score needs only the database.
  const steps = { ...deps, plugins: { ...deps.plugins, ...createApplyScoreActivity(deps.db) } };
  return {
    ...steps.plugins,
    ...createPipelineActivities(steps),
    ...createBatchActivities(steps),
    ...createSequenceActivities({
      db: deps.db,
      secrets,
      publicUrl: deps.publicUrl ?? 'http://localhost:3000',
      channel: deps.channel,
      mailAllowHosts,
      proposeSlots: deps.plugins[MEETING_BOOKING.proposeSlots],
    }),
    ...createLearningActivities(deps),
    ...createSystemActivities(deps.db),
    ...(deps.inbox ? createInboxActivities({ db: deps.db, secrets, mailAllowHosts, ...deps.inbox }) : {}),
  };
}

export type Activities = ReturnType<typeof createActivities>;
