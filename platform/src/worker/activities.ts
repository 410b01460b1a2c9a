import type { ActivityAccess, BoundActivity } from '@meetflow/plugin-sdk';
import type { Client } from '@temporalio/client';
import { createEnrollmentActivity } from '../features/email/sequences/enrollment.ts';
import { firstStepsOf } from '../features/email/sequences/activities.ts';
import { createActivities } from './all-activities.ts';
import { inPausedCampaigns } from '../features/prospecting/campaigns/held.ts';
import { linksAtEnrolment } from '../features/revenue/booking-links/links.ts';
import { trackActivities } from '../features/insights/agents/activity-tracker.ts';
import type { Models } from '../features/models.ts';
import type { WorkerContext } from '../features/context.ts';
import type { Secrets } from '../core/secrets-key.ts';
import type { Logger } from '../core/logger.ts';
import type { InProcessChannel, StepActivities } from '../features/runs/plugins/host.ts';

/**
 * The enrol activity as the worker composes it: a paused campaign's prospects start held, the
 * booking links are made at enrolment, and the first emails due then are written for the list.
 */
export function enrollmentActivity(temporal: Client, taskQueue: string, db: Models, secrets: Secrets | undefined) {
  return createEnrollmentActivity(temporal, taskQueue, inPausedCampaigns(db), linksAtEnrolment(db, secrets), firstStepsOf(db), db);
}

/**
 * What the production worker registers: every activity of createActivities, with the plugins'
 * tracked for agent status (those a step runs with its own config too), plus sequence enrolment
 * (which starts workflows through `temporal`). The benchmark runs the same set, so its figures
 * are the worker's.
 */
export function workerActivities(deps: {
  db: Models;
  plugins: Record<string, BoundActivity>;
  /** The plugins' activities bound with a pipeline step's own config (PluginHost.stepActivities). */
  stepActivities?: StepActivities;
  versions?: Record<string, string>;
  /** Who may place each installed activity (PluginHost.activityIndex with the built-ins): steps are checked against it. */
  declared: ReadonlyMap<string, { access: ActivityAccess }>;
  temporal: Client;
  taskQueue: string;
  logger: Logger;
  secrets?: Secrets;
  publicUrl?: string;
  channel?: InProcessChannel | null;
  /** Mail servers allowed despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS). */
  mailAllowHosts?: readonly string[];
  /** The busy times of a workspace's connected calendar, for the slots an email offers (revenue's calendars). */
  calendarBusy?: (workspaceId: string) => Promise<Array<{ start: string; end: string }>>;
  /** The installed CRM plugins, called in this process by the CRM sync (revenue's crm). */
  crm?: WorkerContext['crm'];
  /** One read-back of a workspace's connected calendar, for its calendarSync workflow (revenue's calendars). */
  calendarReadBack?: WorkerContext['calendarReadBack'];
  /** The close of a workspace's month, for its billingCycle workflow (revenue's billing). */
  billingClose?: WorkerContext['billingClose'];
}) {
  const { stepActivities } = deps;
  return createActivities({
    db: deps.db,
    ...(stepActivities
      ? { stepActivities: (pluginId, config) => trackActivities(stepActivities(pluginId, config), deps.db.agentActivity, deps.logger) }
      : {}),
    versions: deps.versions,
    declared: deps.declared,
    secrets: deps.secrets,
    publicUrl: deps.publicUrl,
    channel: deps.channel,
    mailAllowHosts: deps.mailAllowHosts,
    ...(deps.calendarBusy ? { calendarBusy: deps.calendarBusy } : {}),
    ...(deps.crm ? { crm: deps.crm } : {}),
    ...(deps.calendarReadBack ? { calendarReadBack: deps.calendarReadBack } : {}),
    ...(deps.billingClose ? { billingClose: deps.billingClose } : {}),
    inbox: { temporal: deps.temporal, taskQueue: deps.taskQueue },
    plugins: {
      ...trackActivities(deps.plugins, deps.db.agentActivity, deps.logger),
      ...enrollmentActivity(deps.temporal, deps.taskQueue, deps.db, deps.secrets),
    },
  });
}
