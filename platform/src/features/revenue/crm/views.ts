import { crmProviders, type CrmDeps, type CrmOAuthHost } from './connections.ts';
import type { CrmConnection, CrmDb, CrmSyncLogEntry } from './model.ts';
import { CRM_SYNC_INTERVAL_MINUTES } from './run.ts';

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/** A connection as the API shows it: its secret only as `secretSet`. */
export function connectionView(connection: CrmConnection, host: CrmDeps['host']) {
  const sync = connection.sync;
  return {
    id: connection.publicId,
    pluginId: connection.pluginId,
    provider: host.crm(connection.pluginId)?.displayName ?? `${connection.pluginId} (not installed)`,
    auth: connection.auth,
    fields: { ...connection.fields },
    secretSet: true as const,
    lastCheck: connection.lastCheck
      ? { at: new Date(connection.lastCheck.at).toISOString(), ok: connection.lastCheck.ok, error: connection.lastCheck.error ?? null }
      : null,
    sync: {
      running: sync?.running ?? false,
      startedAt: iso(sync?.startedAt),
      at: iso(sync?.at),
      error: sync?.error ?? null,
      counts: sync?.counts ?? { created: 0, updated: 0, skipped: 0, failed: 0 },
      exclusions: { count: sync?.exclusions?.count ?? 0, at: iso(sync?.exclusions?.at) },
      intervalMinutes: CRM_SYNC_INTERVAL_MINUTES,
    },
    createdAt: new Date(connection.createdAt).toISOString(),
  };
}

/** How many log rows GET /api/crm answers. */
const LOG_SHOWN = 100;

/** GET /api/crm: the workspace's connection, what can be connected, and the newest sync log rows. */
export async function crmOverview(db: CrmDb, host: CrmOAuthHost, workspaceId: string) {
  const [connection, log] = await Promise.all([
    db.crmConnections.findOne({ workspaceId }).lean<CrmConnection>(),
    db.crmSyncLog.find({ workspaceId }).sort({ at: -1, _id: -1 }).limit(LOG_SHOWN).lean<CrmSyncLogEntry[]>(),
  ]);
  return {
    connection: connection ? connectionView(connection, host) : null,
    providers: crmProviders(host),
    log: log.map((row) => ({
      object: row.object,
      externalId: row.externalId,
      crmId: row.crmId ?? null,
      action: row.action,
      error: row.error ?? null,
      at: new Date(row.at).toISOString(),
    })),
  };
}
