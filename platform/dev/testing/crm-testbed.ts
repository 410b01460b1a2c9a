// What the CRM tests against a fake CRM share (crm.test.ts: HubSpot, crm-pipedrive.test.ts): a
// database, the crm-sync activities on a worker of the run's Temporal server with the installed
// plugins, the domain events a sync follows, and "Sync now" waited out to its end.
import { randomBytes } from 'node:crypto';
import type { steppingClock } from '@meetflow/plugin-sdk/testing';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type mongoose from 'mongoose';
import { inject, vi } from 'vitest';
import { openTestDatabase } from './database.ts';
import { quietTemporalRuntime } from './quiet-temporal.ts';
import { publishEvent } from '../../src/core/events.ts';
import { systemRunContext } from '../../src/core/run-context.ts';
import { secretsBox, type SecretsBox } from '../../src/core/secrets-box.ts';
import { createModels, type Models } from '../../src/features/models.ts';
import type { PluginHost } from '../../src/features/runs/plugins/host.ts';
import type { CrmConnection } from '../../src/features/revenue/crm/model.ts';
import { crmSyncActivities, requestCrmSync } from '../../src/features/revenue/crm/run.ts';

/** A running testbed: stop it in afterAll. */
export interface CrmTestbed {
  database: mongoose.Connection;
  db: Models;
  box: SecretsBox;
  client: Client;
  taskQueue: string;
  /** The CRM services' dependencies, with another host (an unreachable CRM) or a stepping clock when given. */
  deps(over?: { clock?: ReturnType<typeof steppingClock>; host?: PluginHost }): {
    db: Models;
    secrets: SecretsBox;
    host: PluginHost;
    clock?: ReturnType<typeof steppingClock>;
  };
  connectionOf(workspaceId: string): Promise<CrmConnection | null>;
  /** Asks for a sync ("Sync now") and waits until the workflow has recorded its end. */
  syncNow(workspaceId: string): Promise<CrmConnection>;
  /** A prospect, and its prospect.created event, as the prospects feature writes them. */
  prospect(workspaceId: string, id: number, email: string, company: string, website: string | null): Promise<void>;
  /** An email.sent event, as the outbox publishes it. */
  emailSent(workspaceId: string, prospectId: number, emailId: string): Promise<void>;
  /** A meeting.booked event, as the meetings feature publishes it. */
  meetingBooked(workspaceId: string, prospectId: number, meetingId: string): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh workspace id. */
export const crmWorkspace = () => `crm-${randomBytes(4).toString('hex')}`;

/**
 * Opens a database named `label` and runs the crm-sync activities, as the production worker
 * registers them (the workspace comes from each run's workflow id), over `host` on a task queue of
 * their own.
 */
export async function startCrmTestbed(label: string, host: PluginHost): Promise<CrmTestbed> {
  const box = secretsBox(randomBytes(32));
  const taskQueue = `${label}-${randomBytes(4).toString('hex')}`;
  const database = await openTestDatabase(label);
  const db = createModels(database);
  await Promise.all(Object.values(db).map((model) => model.init()));
  quietTemporalRuntime();
  const client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  const worker = await Worker.create({
    connection: await NativeConnection.connect({ address: inject('temporalAddress') }),
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities: crmSyncActivities({ db, secrets: box, host }),
  });
  const running = worker.run();

  const connectionOf = (workspaceId: string) => db.crmConnections.findOne({ workspaceId }).lean<CrmConnection>();
  const publish = (workspaceId: string, event: Parameters<typeof publishEvent>[2]) =>
    publishEvent(db, systemRunContext(workspaceId, 'test'), event).then(() => undefined);

  return {
    database,
    db,
    box,
    client,
    taskQueue,
    deps: (over = {}) => ({ db, secrets: box, host: over.host ?? host, ...(over.clock ? { clock: over.clock } : {}) }),
    connectionOf,
    async syncNow(workspaceId) {
      const before = (await connectionOf(workspaceId))?.sync?.at?.getTime() ?? 0;
      await requestCrmSync({ client, taskQueue }, workspaceId);
      return vi.waitFor(
        async () => {
          const connection = await connectionOf(workspaceId);
          if (!connection || connection.sync.running || (connection.sync.at?.getTime() ?? 0) <= before) throw new Error('not synced yet');
          return connection;
        },
        { timeout: 60_000, interval: 100 },
      );
    },
    async prospect(workspaceId, id, email, company, website) {
      const [firstName, lastName] = email.split('@')[0]!.split('.');
      await db.prospects.create({ workspaceId, id, firstName, lastName, company, email, emailLower: email, website });
      await publish(workspaceId, {
        type: 'prospect.created',
        key: String(id),
        data: { prospect: { id, firstName, lastName, email, company, jobTitle: null, source: null } },
      });
    },
    emailSent: (workspaceId, prospectId, emailId) =>
      publish(workspaceId, {
        type: 'email.sent',
        key: emailId,
        data: {
          emailId,
          prospectId,
          step: 1,
          to: 'x',
          from: null,
          subject: 'Robots that pick faster',
          messageId: null,
          unconfirmed: false,
        },
      }),
    meetingBooked: (workspaceId, prospectId, meetingId) =>
      publish(workspaceId, {
        type: 'meeting.booked',
        key: meetingId,
        data: { meetingId, prospectId, scheduledAt: '2026-12-03T14:00:00.000Z', meetingUrl: null },
      }),
    async stop() {
      worker.shutdown();
      await running;
      await client.connection.close();
      await database.dropDatabase();
      await database.close();
    },
  };
}
