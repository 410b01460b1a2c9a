import { randomBytes } from 'node:crypto';
import { CRM_FAILURES, isCrmFailure, isDuplicateKey, type Clock } from '@meetflow/plugin-sdk';
import { ConflictError, InputError, NotFoundError, ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import type { InProcessCrm, PluginHost } from '../../runs/services.ts';
import { oauthClientOf, oauthPlugin } from '../oauth/clients.ts';
import { revokeOAuthGrant, type Revocation } from '../oauth/revoke.ts';
import { CrmSecretUnusable, openCrmSecret, sealCrmSecret } from './connection-secret.ts';
import type { CrmConnection, CrmDb } from './model.ts';

/** What the CRM services work with: the models, the plugins, the box secrets are sealed in, and the clock plugins wait on. */
export interface CrmDeps {
  db: CrmDb;
  host: Pick<PluginHost, 'crm' | 'crmIds'>;
  secrets: Secrets;
  /** The clock CRM plugins wait on (Retry-After, back-off); tests step it. Default: real time. */
  clock?: Clock;
}

/** A CRM plugin the workspace can connect, and how. */
export interface CrmProvider {
  pluginId: string;
  displayName: string;
  /** The fields of its connect form (empty for an OAuth-only CRM). */
  fields: Array<{ key: string; label: string; secret: boolean }>;
  /** `fields`: the form above (POST /api/crm); `oauth`: through the provider's sign-in (the platform's OAuth flow). */
  connectWith: Array<'fields' | 'oauth'>;
  /** For `oauth`: whether this server's OAuth client for it is set up, and else the variables the operator sets. */
  oauth: { configured: boolean; missing: string[] } | null;
}

/** The plugins' manifests and config besides the CRMs: for the OAuth client a CRM connects and revokes with. */
export type CrmOAuthHost = CrmDeps['host'] & Pick<PluginHost, 'plugins' | 'config'>;

/** The box secrets are sealed in, or a 503 naming what the operator must set. */
export function requireBox(secrets: Secrets): SecretsBox {
  if ('unavailable' in secrets) throw new ServiceUnavailableError(secrets.unavailable.replace('Mailboxes are off', 'CRMs are off'));
  return secrets;
}

/**
 * How a CRM connects: with its form, the declared credentials but the OAuth tokens field; and
 * through its sign-in when it declares OAuth. A CRM whose form would hold no secret (Salesforce:
 * only the instance URL its sign-in answers) connects with OAuth only.
 */
export function connectWithOf(crm: InProcessCrm): Pick<CrmProvider, 'fields' | 'connectWith'> {
  const fields = crm.credentials
    .filter((field) => field.key !== crm.oauthTokensField)
    .map(({ key, label, secret }) => ({ key, label, secret }));
  const typed = fields.some((field) => field.secret);
  return {
    fields: typed ? fields : [],
    connectWith: [...(typed ? (['fields'] as const) : []), ...(crm.oauthTokensField ? (['oauth'] as const) : [])],
  };
}

/**
 * What a CRM's sign-in asks for first: its form's fields that are not secret (Pipedrive's company
 * address and two field keys, settings of the user's own that no token answer carries), kept with
 * the OAuth state; none for a CRM whose form is its token alone (HubSpot) or that has no form
 * (Salesforce: its sign-in answers the instance URL).
 */
export function signInFieldsOf(crm: InProcessCrm): CrmProvider['fields'] {
  return connectWithOf(crm).fields.filter((field) => !field.secret);
}

/** A CRM the workspace can connect: its form, how it connects, and whether this server's OAuth client for it is set up. */
export function crmProviderOf(host: CrmOAuthHost, crm: InProcessCrm): CrmProvider {
  const { fields, connectWith } = connectWithOf(crm);
  const plugin = connectWith.includes('oauth') ? oauthPlugin(host, crm.pluginId) : null;
  const client = plugin ? oauthClientOf(host, plugin) : null;
  return {
    pluginId: crm.pluginId,
    displayName: crm.displayName,
    fields,
    connectWith,
    oauth: client ? { configured: client.configured, missing: client.missing } : null,
  };
}

/** Every installed CRM plugin (kind `crm`). */
export function crmProviders(host: CrmOAuthHost): CrmProvider[] {
  return host.crmIds().flatMap((id) => {
    const crm = host.crm(id);
    return crm ? [crmProviderOf(host, crm)] : [];
  });
}

/** A CRM failure in plain words, and whether it is the CRM not answering (503) or refusing (422). */
export function crmProblem(error: unknown): { kind: 'refused' | 'unavailable'; message: string } | null {
  if (!isCrmFailure(error)) return null;
  if (error.type === CRM_FAILURES.unavailable) return { kind: 'unavailable', message: `The CRM did not answer (${error.message}).` };
  if (error.type === CRM_FAILURES.authRefused)
    return { kind: 'refused', message: `The CRM refused the token (${error.message}): check it, or connect again.` };
  return { kind: 'refused', message: `The CRM refused the request (${error.message}).` };
}

/** A connection opened for calls: its plugin, and the account every activity takes (its secret fields among them). */
export interface OpenedCrm {
  connection: CrmConnection;
  crm: InProcessCrm;
  account: Record<string, unknown>;
}

/** Opens a connection for calls: its plugin (503 when no longer installed) and its secret (409 when it cannot be opened: connect again). */
export function openCrm(deps: CrmDeps, connection: CrmConnection): OpenedCrm {
  const crm = deps.host.crm(connection.pluginId, deps.clock ? { clock: deps.clock } : {});
  if (!crm) throw new ServiceUnavailableError(`The CRM plugin "${connection.pluginId}" is not installed on this server.`);
  try {
    const secret = openCrmSecret(requireBox(deps.secrets), connection);
    return { connection, crm, account: { ...connection.fields, ...secret } };
  } catch (error) {
    if (error instanceof CrmSecretUnusable) throw new ConflictError(error.message);
    throw error;
  }
}

/**
 * Checks an account with a read that changes nothing: the first page of its exclusions. Answers the
 * tokens the plugin refreshed on the way (an OAuth account), if any. Throws the plugin's typed failure.
 */
export async function checkAccount(crm: InProcessCrm, account: Record<string, unknown>): Promise<unknown> {
  const answer = (await crm.activities.listExclusions({ account, cursor: null })) as { refreshedTokens?: unknown };
  return answer.refreshedTokens;
}

/** The workspace's connection, or null. */
export function connectionOf(db: CrmDb, workspaceId: string): Promise<CrmConnection | null> {
  return db.crmConnections.findOne({ workspaceId }).lean<CrmConnection>();
}

/** The workspace's connection by its id, or a 404 (another workspace's id is not found here). */
export async function connectionById(db: CrmDb, workspaceId: string, id: string): Promise<CrmConnection> {
  const connection = await db.crmConnections.findOne({ workspaceId, publicId: id }).lean<CrmConnection>();
  if (!connection) throw new NotFoundError(`CRM connection ${id} not found.`);
  return connection;
}

/** The body of POST /api/crm. */
export interface ConnectCrmRequest {
  pluginId: string;
  account: Record<string, string>;
}

/**
 * Connects the workspace's CRM with the fields its manifest declares (a HubSpot private app token;
 * Pipedrive's company address, API token and field keys): checked with the plugin's account schema
 * (400 naming each), then used for a read (its exclusions' first page), so a refused token is a
 * 422 and a CRM that does not answer a 503, nothing stored in either case. Only then is it stored,
 * its secret fields sealed bound to it. 409 when the workspace has one already; 422 for a plugin
 * that is not an installed CRM or that connects with OAuth only.
 */
export async function connectCrm(deps: CrmDeps, workspaceId: string, request: ConnectCrmRequest, by: string | null) {
  const box = requireBox(deps.secrets);
  const crm = deps.host.crm(request.pluginId, deps.clock ? { clock: deps.clock } : {});
  if (!crm)
    throw new UnprocessableError(`No CRM plugin "${request.pluginId}" is installed: ${deps.host.crmIds().join(', ') || 'none is'}.`, {
      pluginId: 'not an installed CRM plugin',
    });
  const provider = connectWithOf(crm);
  if (!provider.connectWith.includes('fields'))
    throw new UnprocessableError(`${crm.displayName} connects through its own sign-in (OAuth), not with typed fields.`, {
      pluginId: 'connects with OAuth',
    });
  const declared = new Set(provider.fields.map((field) => field.key));
  const problems: Record<string, string> = {};
  for (const key of Object.keys(request.account))
    if (!declared.has(key)) problems[`account.${key}`] = `not a field of ${crm.displayName}'s connect form`;
  const parsed = crm.accountSchema.safeParse(request.account);
  if (!parsed.success) for (const issue of parsed.error.issues) problems[['account', ...issue.path.map(String)].join('.')] = issue.message;
  if (Object.keys(problems).length > 0)
    throw new InputError(
      `Invalid request: ${Object.entries(problems)
        .map(([field, problem]) => `${field}: ${problem}`)
        .join('; ')}`,
      problems,
    );
  if (await connectionOf(deps.db, workspaceId)) throw new ConflictError('This workspace has a CRM connected already: disconnect it first.');
  try {
    await checkAccount(crm, request.account);
  } catch (error) {
    const problem = crmProblem(error);
    if (!problem) throw error;
    if (problem.kind === 'unavailable') throw new ServiceUnavailableError(`${problem.message} Nothing was connected: try again later.`);
    throw new UnprocessableError(`${problem.message} Nothing was connected.`);
  }
  const secretKeys = new Set(crm.credentials.filter((field) => field.secret).map((field) => field.key));
  const fields = Object.fromEntries(Object.entries(request.account).filter(([key]) => !secretKeys.has(key)));
  const secret = Object.fromEntries(Object.entries(request.account).filter(([key]) => secretKeys.has(key)));
  const publicId = randomBytes(8).toString('hex');
  try {
    const created = await deps.db.crmConnections.create({
      workspaceId,
      publicId,
      pluginId: crm.pluginId,
      auth: 'fields',
      fields,
      secret: sealCrmSecret(box, { workspaceId, publicId }, secret),
      lastCheck: { at: new Date(), ok: true, error: null },
      connectedBy: by,
    });
    return created.toObject();
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError('This workspace has a CRM connected already: disconnect it first.');
    throw error;
  }
}

/**
 * Stores a CRM connected through its provider's sign-in (oauth-connect.ts, the OAuth flow's handler
 * for kind `crm`): the workspace comes from the flow's own state record, never from the callback's
 * query; the non-secret fields from the provider's token answer (Salesforce's instanceUrl). The
 * tokens go sealed under the plugin's tokens field; nothing else differs from a typed connection.
 */
export async function connectCrmWithOAuth(
  deps: CrmDeps,
  workspaceId: string,
  grant: { pluginId: string; tokens: Record<string, unknown>; fields: Record<string, string> },
  by: string | null,
): Promise<CrmConnection> {
  const box = requireBox(deps.secrets);
  const crm = deps.host.crm(grant.pluginId);
  if (!crm?.oauthTokensField) throw new UnprocessableError(`"${grant.pluginId}" is not a CRM that connects with OAuth.`);
  if (await connectionOf(deps.db, workspaceId)) throw new ConflictError('This workspace has a CRM connected already: disconnect it first.');
  const publicId = randomBytes(8).toString('hex');
  try {
    const created = await deps.db.crmConnections.create({
      workspaceId,
      publicId,
      pluginId: crm.pluginId,
      auth: 'oauth',
      fields: grant.fields,
      secret: sealCrmSecret(box, { workspaceId, publicId }, { [crm.oauthTokensField]: grant.tokens }),
      lastCheck: { at: new Date(), ok: true, error: null },
      connectedBy: by,
    });
    return created.toObject();
  } catch (error) {
    // Two sign-ins finished at once: the unique workspace index keeps one.
    if (isDuplicateKey(error)) throw new ConflictError('This workspace has a CRM connected already: disconnect it first.');
    throw error;
  }
}

/** Seals tokens a CRM call refreshed in place of the old ones (a refresh token may rotate: the old one can stop working). */
export async function resealRefreshedTokens(deps: CrmDeps, opened: OpenedCrm, refreshed: unknown): Promise<void> {
  const field = opened.crm.oauthTokensField;
  if (!refreshed || !field || opened.connection.auth !== 'oauth') return;
  const box = requireBox(deps.secrets);
  const { workspaceId, publicId } = opened.connection;
  const secret = { ...openCrmSecret(box, opened.connection), [field]: refreshed };
  const sealed = sealCrmSecret(box, opened.connection, secret);
  await deps.db.crmConnections.updateOne({ workspaceId, publicId }, { $set: { secret: sealed } });
  opened.account[field] = refreshed;
  opened.connection.secret = sealed;
}

/**
 * Test: reads the first page of the CRM's exclusions with the stored account and records the
 * outcome as lastCheck; a refusal or no answer is an answer for the user, not a failed request.
 */
export async function testCrm(deps: CrmDeps, workspaceId: string, id: string): Promise<{ ok: boolean; error?: string }> {
  const opened = openCrm(deps, await connectionById(deps.db, workspaceId, id));
  let error: string | null = null;
  try {
    await resealRefreshedTokens(deps, opened, await checkAccount(opened.crm, opened.account));
  } catch (failure) {
    const problem = crmProblem(failure);
    if (!problem) throw failure;
    error = problem.message;
  }
  await deps.db.crmConnections.updateOne(
    { workspaceId, publicId: id },
    { $set: { lastCheck: { at: new Date(), ok: error === null, error } } },
  );
  return error === null ? { ok: true } : { ok: false, error };
}

/** What disconnecting needs besides the connection: the plugins' manifests and config, for the OAuth client that revokes a grant. */
export type CrmDisconnectDeps = Pick<CrmDeps, 'db' | 'secrets'> & { host: CrmOAuthHost };

/**
 * What happens at the CRM when it is disconnected: a grant given through its sign-in (Salesforce,
 * HubSpot) is revoked there with the platform's OAuth client (best effort, a warning when not); a
 * token or key the user typed in (a HubSpot private app token, a Pipedrive API token) is theirs to
 * revoke: the app cannot, so the answer says where.
 */
async function revokeAtCrm(deps: CrmDisconnectDeps, connection: CrmConnection): Promise<Revocation> {
  if (connection.auth === 'oauth')
    return revokeOAuthGrant(deps.host, connection.pluginId, (field) => openCrmSecret(requireBox(deps.secrets), connection)[field]);
  const name = deps.host.crm(connection.pluginId)?.displayName ?? connection.pluginId;
  return {
    revoked: false,
    warning: `Meetflow deleted its copy of the token you typed in, but cannot revoke it: revoke it in ${name} yourself if nothing else uses it.`,
  };
}

/**
 * Disconnects the workspace's CRM: an OAuth grant is revoked at the CRM first (a failed revocation
 * still disconnects, and says so), then the connection and its sealed secret, its sync log and the
 * exclusions it gave discovery are deleted (what was written to the CRM stays there).
 */
export async function disconnectCrm(
  deps: CrmDisconnectDeps,
  workspaceId: string,
  id: string,
): Promise<{ connection: CrmConnection; revocation: Revocation }> {
  const connection = await connectionById(deps.db, workspaceId, id);
  const revocation = await revokeAtCrm(deps, connection);
  await deps.db.crmConnections.deleteOne({ workspaceId, publicId: id });
  await deps.db.crmSyncLog.deleteMany({ workspaceId });
  await deps.db.crmExclusions.deleteMany({ workspaceId });
  return { connection, revocation };
}
