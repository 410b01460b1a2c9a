import { createHash, randomBytes } from 'node:crypto';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCodeForGrant, OAuthRefused, type OAuthDeps } from '@meetflow/plugin-sdk/oauth';
import type { Connection } from 'mongoose';
import { roleAtLeast, type Principal } from '../../../core/access.ts';
import { InputError, isPlatformError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/logger.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { recordAudit, type TrailDb } from '../../accounts/services.ts';
import type { PluginHost } from '../../runs/services.ts';
import { oauthClientOf, oauthPlugin, type OAuthPlugin } from './clients.ts';
import type { OAuthDb, OAuthState } from './model.ts';
import { oauthHandler } from './registry.ts';

/** How long a started connect may take before its state is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** The path of the callback the provider sends the browser back to (under the public origin). */
export const OAUTH_CALLBACK_PATH = '/api/oauth/callback';
/** Where the browser lands afterwards: Settings → Integrations. */
export const INTEGRATIONS_PAGE = '/settings/integrations';

/** What the connect flow runs with. */
export interface OAuthFlowDeps {
  /** The sign-ins under way, and the audit trail a connect is recorded in (a GET, which the trail's middleware does not record). */
  db: OAuthDb & TrailDb;
  host: PluginHost;
  /** The app's connection: the kinds' handlers are registered on it (registry.ts). */
  connection: Connection;
  /** Where people reach this Meetflow (MEETFLOW_PUBLIC_URL, no trailing slash): the redirect URI is `<publicUrl>/api/oauth/callback`. */
  publicUrl: string;
  /** The clock (tests move it to expire a state) and the token request's fetch. */
  now?: () => Date;
  oauth?: Pick<OAuthDeps, 'fetch' | 'timeoutMs'>;
  /** Where a failure to store granted tokens, or to record the connect in the audit trail, is logged (the user is told in plain words). */
  logger: Pick<Logger, 'error'>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const nowOf = (deps: OAuthFlowDeps) => (deps.now ?? (() => new Date()))();

/** The redirect URI registered with every provider: the platform's callback under its public origin. */
export const redirectUriOf = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${OAUTH_CALLBACK_PATH}`;

/** The plugin, its kind's handler and its client, or a 422 saying what is missing (which variables to set). */
function connectable(deps: OAuthFlowDeps, pluginId: string) {
  const plugin = oauthPlugin(deps.host, pluginId);
  if (!plugin) throw new UnprocessableError(`No installed plugin "${pluginId}" connects with OAuth.`, { pluginId: 'not an OAuth plugin' });
  const handler = oauthHandler(deps.connection, plugin.kind);
  if (!handler)
    throw new UnprocessableError(`This server connects no ${plugin.kind} plugin with OAuth yet.`, { pluginId: 'kind not connectable' });
  const client = oauthClientOf(deps.host, plugin);
  if (!client.configured)
    throw new UnprocessableError(
      `${plugin.displayName} cannot be connected on this server yet: its OAuth client is not set up. The operator sets ${client.missing.join(
        ' and ',
      )} (from the provider's developer console, with ${redirectUriOf(deps.publicUrl)} as the redirect URI) and restarts Meetflow.`,
      { pluginId: 'OAuth client not configured' },
    );
  return { plugin, handler, client };
}

/**
 * Starts connecting an account of `pluginId` for the workspace: the kind's handler may refuse first
 * (a calendar connected already: 409; settings typed first that are wrong: 400); a one-use state
 * (32 random bytes, stored as its SHA-256) is bound to the workspace, the member, the plugin, the
 * PKCE verifier, the redirect URI and the settings the handler kept for 10 minutes; the answer is
 * the provider's authorization URL to send the browser to.
 */
export async function startOAuth(
  deps: OAuthFlowDeps,
  request: { workspaceId: string; principalId: string; pluginId: string; given?: Record<string, string> },
): Promise<{ authorizationUrl: string; expiresAt: string }> {
  const { plugin, handler, client } = connectable(deps, request.pluginId);
  const given = request.given ?? {};
  const kept = (await handler.beforeStart?.(request.workspaceId, plugin, given)) ?? {};
  // Settings nobody reads would be dropped silently: a kind that keeps none refuses them.
  if (Object.keys(given).length > 0 && Object.keys(kept).length === 0)
    throw new InputError(`Invalid request: account: ${plugin.displayName}'s sign-in takes no settings besides it`, {
      account: 'takes no settings',
    });
  const state = randomBytes(32).toString('base64url');
  const redirectUri = redirectUriOf(deps.publicUrl);
  const { url, codeVerifier } = authorizationRequest(client.config, { redirectUri, state });
  const now = nowOf(deps);
  const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
  await deps.db.oauthStates.create({
    stateHash: sha256(state),
    workspaceId: request.workspaceId,
    principalId: request.principalId,
    pluginId: plugin.pluginId,
    kind: plugin.kind,
    codeVerifier,
    redirectUri,
    ...(Object.keys(kept).length > 0 ? { given: kept } : {}),
    expiresAt,
    createdAt: now,
  } satisfies OAuthState);
  return { authorizationUrl: url, expiresAt: expiresAt.toISOString() };
}

/** What the provider sent the browser back with (RFC 6749 §4.1.2, and §4.1.2.1 for an error). */
export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/** Where the callback sends the browser: the Integrations page, with what was connected or why not. */
export type CallbackOutcome = { connected: string } | { error: string };

export const outcomeUrl = (outcome: CallbackOutcome) =>
  'connected' in outcome
    ? `${INTEGRATIONS_PAGE}?connected=${encodeURIComponent(outcome.connected)}`
    : `${INTEGRATIONS_PAGE}?oauth_error=${encodeURIComponent(outcome.error)}`;

const AGAIN = 'Nothing was connected: start again from Settings → Integrations.';

/** An OAuth error code as RFC 6749 spells them (letters and underscores), or a stand-in: never the provider's free text. */
const errorCode = (value: string) => (/^[a-z_]{1,60}$/.test(value) ? value : 'an unknown error');

/**
 * The provider sent the browser back. The state record alone decides the workspace, the member
 * and the plugin (the query names none of them): it is taken once (deleted as it is read, so a
 * replay finds nothing), must not have expired, and must have been started by the principal of
 * this request (its session), who must still be an admin or owner there. Then the provider's
 * answer: a refusal (access_denied: the user pressed Cancel) is said plainly; a code is exchanged
 * with the PKCE verifier and the tokens handed to the kind's handler, which stores them.
 * Never throws: every problem is an outcome for the Integrations page to show.
 */
export async function finishOAuth(deps: OAuthFlowDeps, principal: Principal | null, query: CallbackQuery): Promise<CallbackOutcome> {
  if (!query.state) return { error: `The sign-in came back without its state. ${AGAIN}` };
  const record = await deps.db.oauthStates.findOneAndDelete({ stateHash: sha256(query.state) }, ACROSS_WORKSPACES).lean<OAuthState>();
  if (!record) return { error: `This sign-in is unknown or was finished already. ${AGAIN}` };
  if (record.expiresAt.getTime() <= nowOf(deps).getTime())
    return { error: `This sign-in took longer than 10 minutes and expired. ${AGAIN}` };
  if (!principal)
    return { error: `You were signed out before the sign-in came back. Sign in, then ${AGAIN.slice(AGAIN.indexOf('start'))}` };
  if (principal.id !== record.principalId)
    return { error: `This sign-in was started by someone else, or in another session: it cannot be finished here. ${AGAIN}` };
  const role = await principal.roleIn(record.workspaceId);
  if (!role || !roleAtLeast(role, 'admin'))
    return { error: `Connecting takes an admin or owner of the workspace, which you no longer are. Nothing was connected.` };

  const plugin: OAuthPlugin | null = oauthPlugin(deps.host, record.pluginId);
  const name = plugin?.displayName ?? record.pluginId;
  if (query.error) {
    if (query.error === 'access_denied')
      return { error: `${name} access was not granted (the sign-in was cancelled or denied). Nothing was connected.` };
    return { error: `${name} refused the sign-in (${errorCode(query.error)}). ${AGAIN}` };
  }
  if (!query.code) return { error: `${name} sent no authorization code back. ${AGAIN}` };
  let found: ReturnType<typeof connectable>;
  try {
    found = connectable(deps, record.pluginId);
  } catch (error) {
    return { error: (error as Error).message };
  }
  let granted;
  try {
    granted = await exchangeCodeForGrant(
      found.client.config,
      { code: query.code, redirectUri: record.redirectUri, codeVerifier: record.codeVerifier },
      { ...deps.oauth, ...(deps.now ? { now: deps.now } : {}) },
    );
  } catch (error) {
    if (error instanceof OAuthRefused) return { error: `${name} refused the authorization code (${errorCode(error.error)}). ${AGAIN}` };
    return { error: `${name} did not answer the token request: try again in a moment. Nothing was connected.` };
  }
  try {
    await found.handler.connected({
      workspaceId: record.workspaceId,
      principalId: record.principalId,
      plugin: found.plugin,
      tokens: granted.tokens,
      answered: granted.answered,
      given: record.given ?? {},
    });
  } catch (error) {
    if (isPlatformError(error) || error instanceof UnprocessableError) return { error: error.message };
    deps.logger.error({ err: error, pluginId: record.pluginId, workspaceId: record.workspaceId }, 'could not store an OAuth account');
    return { error: `${name} was granted, but Meetflow could not store the account: try again. Nothing was connected.` };
  }
  await recordAudit(deps.db, deps.logger, {
    workspaceId: record.workspaceId,
    principal,
    action: `GET ${OAUTH_CALLBACK_PATH}`,
    summary: `Connected ${name} through its sign-in`,
    target: { pluginId: record.pluginId },
    request: null,
    result: { pluginId: record.pluginId },
    change: { before: null, after: { pluginId: record.pluginId, auth: 'oauth', given: record.given ?? {} } },
  });
  return { connected: record.pluginId };
}
