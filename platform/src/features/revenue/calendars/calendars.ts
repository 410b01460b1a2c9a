import { randomBytes } from 'node:crypto';
import {
  allowHostSet,
  CALENDAR_FAILURES,
  GuardedHttpError,
  isAllowedHostPort,
  isCalendarFailure,
  isDuplicateKey,
  resolveHostChecked,
  withDeadline,
  REFRESHED_TOKENS_FIELD,
  type BoundActivity,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { ConflictError, InputError, NotFoundError, ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import type { InProcessCalendar, PluginHost } from '../../runs/services.ts';
import { oauthClientOf, oauthPlugin } from '../oauth/clients.ts';
import { revokeOAuthGrant, type Revocation } from '../oauth/revoke.ts';
import { CalendarSecretUnusable, openCalendarSecret, sealCalendarSecret } from './account-secret.ts';
import type { CalendarAccount, CalendarDb } from './model.ts';
import { stopWatching } from './notifications.ts';

/** What the calendar services work with: the models, the plugins, the box secrets are sealed in, and the address policy's exceptions. */
export interface CalendarDeps {
  db: CalendarDb;
  host: PluginHost;
  secrets: Secrets;
  /** Hosts (`host` or `host:port`) a calendar may be on although they are not public (MEETFLOW_HTTP_ALLOW_HOSTS): npm start's Radicale. */
  allowHosts: readonly string[];
}

/** A connected calendar as the API shows it: its secret only as `secretSet`. */
export interface CalendarView {
  id: string;
  pluginId: string;
  /** The plugin's display name ("CalDAV (Apple, Fastmail, Nextcloud…)"). */
  provider: string;
  /** How it signs in: typed fields (a password), or the provider's sign-in (OAuth tokens). */
  auth: CalendarAccount['auth'];
  fields: Record<string, string>;
  secretSet: true;
  lastCheck: { at: string; ok: boolean; error: string | null } | null;
  sync: { at: string | null; error: string | null };
  createdAt: string;
}

/** A calendar plugin a calendar can be connected with, and the fields of its connect form. */
export interface CalendarProvider {
  pluginId: string;
  displayName: string;
  fields: Array<{ key: string; label: string; secret: boolean }>;
  credentialsTest: string;
  /** How it connects: `fields`, typed in the connect form; `oauth`, through the provider's sign-in (POST /api/oauth/{pluginId}/start). */
  connect: 'fields' | 'oauth';
  /** For `oauth`: whether this server's OAuth client for it is set up, and else the variables the operator sets. */
  oauth: { configured: boolean; missing: string[] } | null;
}

/** The box secrets are sealed in, or a 503 naming what the operator must set. */
export function requireBox(secrets: Secrets): SecretsBox {
  if ('unavailable' in secrets) throw new ServiceUnavailableError(secrets.unavailable.replace('Mailboxes are off', 'Calendars are off'));
  return secrets;
}

function providerOf(host: PluginHost, calendar: InProcessCalendar): CalendarProvider {
  const oauth = calendar.oauth ? oauthPlugin(host, calendar.pluginId) : null;
  const client = oauth ? oauthClientOf(host, oauth) : null;
  return {
    pluginId: calendar.pluginId,
    displayName: calendar.displayName,
    fields: calendar.credentials.map(({ key, label, secret }) => ({ key, label, secret })),
    credentialsTest: calendar.credentialsTest,
    connect: calendar.oauth ? 'oauth' : 'fields',
    oauth: client ? { configured: client.configured, missing: client.missing } : null,
  };
}

/** Every installed calendar plugin (kind `calendar`), read from the plugin registry. */
export function calendarProviders(host: PluginHost): CalendarProvider[] {
  return host.calendarIds().flatMap((id) => {
    const calendar = host.calendar(id);
    return calendar ? [providerOf(host, calendar)] : [];
  });
}

export function viewOf(account: CalendarAccount, host: PluginHost): CalendarView {
  return {
    id: account.publicId,
    pluginId: account.pluginId,
    provider: host.calendar(account.pluginId)?.displayName ?? `${account.pluginId} (not installed)`,
    auth: account.auth ?? 'fields',
    fields: { ...account.fields },
    secretSet: true,
    lastCheck: account.lastCheck
      ? { at: account.lastCheck.at.toISOString(), ok: account.lastCheck.ok, error: account.lastCheck.error ?? null }
      : null,
    sync: { at: account.sync?.at?.toISOString() ?? null, error: account.sync?.error ?? null },
    createdAt: account.createdAt.toISOString(),
  };
}

/** The workspace's calendar (at most one) and what can be connected. */
export async function listCalendars(deps: Pick<CalendarDeps, 'db' | 'host'>, workspaceId: string) {
  const accounts = await deps.db.calendarAccounts.find({ workspaceId }).sort({ createdAt: 1 }).lean<CalendarAccount[]>();
  return { calendars: accounts.map((account) => viewOf(account, deps.host)), providers: calendarProviders(deps.host) };
}

/** The workspace's connected calendar, or null. */
export async function connectedAccount(db: CalendarDb, workspaceId: string): Promise<CalendarAccount | null> {
  return db.calendarAccounts.findOne({ workspaceId }).lean<CalendarAccount>();
}

async function accountById(db: CalendarDb, workspaceId: string, id: string): Promise<CalendarAccount> {
  const account = await db.calendarAccounts.findOne({ workspaceId, publicId: id }).lean<CalendarAccount>();
  if (!account) throw new NotFoundError(`Calendar ${id} not found.`);
  return account;
}

// A resolver that does not answer is given this long.
const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * Why the address policy refuses an account's server, by field: every non-secret field holding an
 * http(s) URL (a CalDAV server) must resolve to public addresses only, unless its `host:port` is
 * allowed (MEETFLOW_HTTP_ALLOW_HOSTS), as the agents' outbound HTTP. Checked before every call.
 */
export async function refusedServers(
  fields: Record<string, string>,
  secretKeys: ReadonlySet<string>,
  allowHosts: readonly string[],
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (secretKeys.has(key) || !/^https?:\/\//i.test(value)) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue; // the plugin's schema names a malformed URL
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const allowed = isAllowedHostPort(host, port, allowHostSet(allowHosts));
    try {
      await withDeadline(resolveHostChecked(host, allowed), RESOLVE_TIMEOUT_MS, () => 'resolving timed out');
    } catch (error) {
      if (error instanceof GuardedHttpError && error.code === 'BLOCKED_ADDRESS')
        problems[`account.${key}`] = `address not allowed: ${host} is, or resolves to, a private, loopback or link-local address`;
      // A host that does not resolve now is the calendar's to report (unavailable).
    }
  }
  return problems;
}

const invalid = (problems: Record<string, string>) =>
  new InputError(
    `Invalid request: ${Object.entries(problems)
      .map(([field, problem]) => `${field}: ${problem}`)
      .join('; ')}`,
    problems,
  );

/** A calendar failure in plain words: what the user should do about it. */
export function calendarProblem(error: unknown): { kind: 'refused' | 'unavailable'; message: string } | null {
  if (!isCalendarFailure(error)) return null;
  switch (error.type) {
    case CALENDAR_FAILURES.authRefused:
      return { kind: 'refused', message: `The calendar refused the login (${error.message}): check the username and password.` };
    case CALENDAR_FAILURES.unavailable:
      return { kind: 'unavailable', message: `The calendar server did not answer (${error.message}).` };
    default:
      return { kind: 'refused', message: `The calendar refused the request (${error.message}): check the server or calendar URL.` };
  }
}

/** An activity of a calendar that takes the account: the five, and the optional watchChanges and stopWatching. */
export type CalendarActivityName = keyof InProcessCalendar['activities'] | 'watchChanges' | 'stopWatching';

/** An account opened for calls: the plugin and the account's fields, its secret ones among them. */
export interface OpenedCalendar {
  account: CalendarAccount;
  calendar: InProcessCalendar;
  call(activity: CalendarActivityName, input: Record<string, unknown>): Promise<unknown>;
}

/**
 * Opens an account for calls: its plugin (503 when it is no longer installed), its secret (409 when
 * it cannot be opened: connect it again), its servers checked against the address policy again
 * (a DNS answer that changed since it was connected cannot turn it inward; 409 naming the field).
 */
export async function openCalendar(deps: CalendarDeps, account: CalendarAccount): Promise<OpenedCalendar> {
  const calendar = deps.host.calendar(account.pluginId);
  if (!calendar) throw new ServiceUnavailableError(`The calendar plugin "${account.pluginId}" is not installed on this server.`);
  let secret: Record<string, unknown>;
  try {
    secret = openCalendarSecret(requireBox(deps.secrets), account);
  } catch (error) {
    if (error instanceof CalendarSecretUnusable) throw new ConflictError(error.message);
    throw error;
  }
  const secretKeys = new Set(calendar.credentials.filter((field) => field.secret).map((field) => field.key));
  const refused = await refusedServers(account.fields, secretKeys, deps.allowHosts);
  if (Object.keys(refused).length > 0) throw new ConflictError(`The calendar's ${Object.values(refused).join('; ')}: connect it again.`);
  const fields: Record<string, unknown> = { ...account.fields, ...secret };
  const activity = (name: CalendarActivityName): BoundActivity => {
    if (name === 'watchChanges' || name === 'stopWatching') {
      const bound = calendar.notifications?.[name];
      if (!bound) throw new ServiceUnavailableError(`${calendar.displayName} has no change notifications.`);
      return bound;
    }
    return calendar.activities[name];
  };
  const tokensField = account.auth === 'oauth' ? oauthPlugin(deps.host, account.pluginId)?.definition.tokensField : undefined;
  const call = async (name: CalendarActivityName, input: Record<string, unknown>) => {
    const answer = await activity(name)({ account: fields, ...input });
    if (!tokensField || !answer || typeof answer !== 'object' || !(REFRESHED_TOKENS_FIELD in answer)) return answer;
    const { [REFRESHED_TOKENS_FIELD]: refreshed, ...rest } = answer as Record<string, unknown>;
    if (refreshed) {
      // The plugin refreshed the tokens on the way (Microsoft also rotates the refresh token): seal the new ones in their place.
      fields[tokensField] = refreshed;
      secret[tokensField] = refreshed;
      await deps.db.calendarAccounts.updateOne(
        { workspaceId: account.workspaceId, publicId: account.publicId },
        { $set: { secret: sealCalendarSecret(requireBox(deps.secrets), account, secret) } },
      );
    }
    return rest;
  };
  return { account, calendar, call };
}

/** The range a connection is checked with: the next hour. */
const checkRange = (now: Date) => ({ from: now.toISOString(), to: new Date(now.getTime() + 3_600_000).toISOString() });

/** The body of POST /api/calendars. */
export interface ConnectRequest {
  pluginId: string;
  account: Record<string, string>;
}

/**
 * Connects the workspace's calendar: the fields checked with the plugin's account schema (400
 * naming each), its servers with the address policy (400), then the plugin's freeBusy for the next
 * hour, so a wrong login is refused now (422, in plain words) and a server that does not answer is
 * a 503 — nothing is stored then. Its secret fields are sealed bound to it; 409 when the workspace
 * has a calendar already (disconnect it first); 422 for a plugin that is not an installed calendar.
 */
export async function connectCalendar(deps: CalendarDeps, workspaceId: string, request: ConnectRequest, by: string | null) {
  const box = requireBox(deps.secrets);
  const calendar = deps.host.calendar(request.pluginId);
  if (!calendar)
    throw new UnprocessableError(
      `No calendar plugin "${request.pluginId}" is installed: ${
        calendarProviders(deps.host)
          .map((p) => p.pluginId)
          .join(', ') || 'none is'
      }.`,
      {
        pluginId: 'not an installed calendar plugin',
      },
    );
  if (calendar.oauth)
    throw new UnprocessableError(
      `${calendar.displayName} connects through its own sign-in (OAuth), not with typed fields: start it with POST /api/oauth/${calendar.pluginId}/start (Connect on Settings → Integrations).`,
      {
        pluginId: 'connects with OAuth',
      },
    );
  const declared = new Set(calendar.credentials.map((field) => field.key));
  const problems: Record<string, string> = {};
  for (const key of Object.keys(request.account))
    if (!declared.has(key)) problems[`account.${key}`] = `not a field of ${calendar.displayName}`;
  const parsed = calendar.accountSchema.safeParse(request.account);
  if (!parsed.success) for (const issue of parsed.error.issues) problems[['account', ...issue.path.map(String)].join('.')] = issue.message;
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const secretKeys = new Set(calendar.credentials.filter((field) => field.secret).map((field) => field.key));
  const refused = await refusedServers(request.account, secretKeys, deps.allowHosts);
  if (Object.keys(refused).length > 0) throw invalid(refused);
  if (await connectedAccount(deps.db, workspaceId))
    throw new ConflictError('This workspace has a calendar connected already: disconnect it first.');

  const values = z.record(z.string(), z.string()).parse(request.account);
  const fields = Object.fromEntries(Object.entries(values).filter(([key]) => !secretKeys.has(key)));
  const secret = Object.fromEntries(Object.entries(values).filter(([key]) => secretKeys.has(key)));
  try {
    await calendar.activities.freeBusy({ account: values, range: checkRange(new Date()) });
  } catch (error) {
    const problem = calendarProblem(error);
    if (!problem) throw error;
    if (problem.kind === 'unavailable') throw new ServiceUnavailableError(`${problem.message} Nothing was connected: try again later.`);
    throw new UnprocessableError(`${problem.message} Nothing was connected.`);
  }
  const publicId = randomBytes(8).toString('hex');
  try {
    const created = await deps.db.calendarAccounts.create({
      workspaceId,
      publicId,
      pluginId: calendar.pluginId,
      auth: 'fields',
      fields,
      secret: sealCalendarSecret(box, { workspaceId, publicId }, secret),
      lastCheck: { at: new Date(), ok: true, error: null },
      connectedBy: by,
    });
    return viewOf(created.toObject(), deps.host);
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError('This workspace has a calendar connected already: disconnect it first.');
    throw error;
  }
}

/**
 * Test: asks the calendar for the next hour's free/busy with the stored account, records the
 * outcome as its lastCheck, and answers it: a refusal or no answer is an answer for the user (in
 * plain words), not a failed request.
 */
export async function testCalendar(deps: CalendarDeps, workspaceId: string, id: string): Promise<{ ok: boolean; error?: string }> {
  const account = await accountById(deps.db, workspaceId, id);
  const opened = await openCalendar(deps, account);
  let error: string | null = null;
  try {
    await opened.call('freeBusy', { range: checkRange(new Date()) });
  } catch (failure) {
    const problem = calendarProblem(failure);
    if (!problem) throw failure;
    error = problem.message;
  }
  await recordCheck(deps.db, account, error);
  return error === null ? { ok: true } : { ok: false, error };
}

/** Records how a use of the calendar went (a Test, free/busy for slots, a booking). */
export async function recordCheck(db: CalendarDb, account: Pick<CalendarAccount, 'workspaceId' | 'publicId'>, error: string | null) {
  await db.calendarAccounts.updateOne(
    { workspaceId: account.workspaceId, publicId: account.publicId },
    { $set: { lastCheck: { at: new Date(), ok: error === null, error } } },
  );
}

/**
 * Disconnects the workspace's calendar: its change-notification channel is stopped and an OAuth
 * calendar's grant revoked at the provider first (best effort: a failed revocation still
 * disconnects, and says so), then the account and its sealed secret are deleted (the events it
 * holds stay in it).
 */
export async function disconnectCalendar(
  deps: CalendarDeps,
  workspaceId: string,
  id: string,
): Promise<{ view: CalendarView; revocation: Revocation | null }> {
  const account = await accountById(deps.db, workspaceId, id);
  // Before the grant is revoked: stopping the channel needs the account's access.
  await stopWatching(deps, account);
  const revocation =
    account.auth === 'oauth'
      ? await revokeOAuthGrant(deps.host, account.pluginId, (field) => openCalendarSecret(requireBox(deps.secrets), account)[field])
      : null;
  await deps.db.calendarAccounts.deleteOne({ workspaceId, publicId: id });
  await deps.db.calendarEvents.deleteMany({ workspaceId, accountId: id });
  return { view: viewOf(account, deps.host), revocation };
}
