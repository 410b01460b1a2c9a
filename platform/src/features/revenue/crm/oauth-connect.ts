import type { Connection } from 'mongoose';
import { ConflictError, InputError, ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { registerOAuthHandler, type OAuthConnected } from '../oauth/registry.ts';
import type { InProcessCrm } from '../../runs/services.ts';
import { checkAccount, connectCrmWithOAuth, connectionOf, crmProblem, requireBox, signInFieldsOf, type CrmDeps } from './connections.ts';
import { requestCrmSync, type CrmSyncStarter } from './run.ts';

/** The token answer's name of an account field: Salesforce's `instanceUrl` is `instance_url`, Pipedrive's `apiDomain` `api_domain`. */
const answerName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Stands in for the tokens while the settings typed before a sign-in are checked with the plugin's account schema. */
const NO_TOKENS_YET = { accessToken: 'not-yet', expiresAt: '2000-01-01T00:00:00.000Z' };

/** An address as two answers may spell it (a trailing slash, letter case). */
const sameAddress = (left: string, right: string) => left.replace(/\/+$/, '').toLowerCase() === right.replace(/\/+$/, '').toLowerCase();

/**
 * The settings a CRM's sign-in asks for first (signInFieldsOf), checked with the plugin's own
 * account schema: each one missing, unknown or wrong is named (400); the answer is what the state keeps.
 */
function checkGiven(crm: InProcessCrm, given: Record<string, string>): Record<string, string> {
  const asked = signInFieldsOf(crm);
  const problems: Record<string, string> = {};
  for (const key of Object.keys(given))
    if (!asked.some((field) => field.key === key)) problems[`account.${key}`] = `not a setting ${crm.displayName}'s sign-in asks for first`;
  for (const field of asked)
    if (!given[field.key]?.trim()) problems[`account.${field.key}`] = `required before the sign-in: ${field.label}`;
  const parsed = crm.accountSchema.safeParse({ ...given, [crm.oauthTokensField!]: NO_TOKENS_YET });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (asked.some((field) => field.key === key) && given[key]?.trim()) problems[`account.${key}`] = issue.message;
    }
  if (Object.keys(problems).length > 0)
    throw new InputError(
      `Invalid request: ${Object.entries(problems)
        .map(([field, problem]) => `${field}: ${problem}`)
        .join('; ')}`,
      problems,
    );
  return Object.fromEntries(asked.map((field) => [field.key, given[field.key]!.trim()]));
}

/**
 * Stores a CRM connected through its provider's sign-in. Its non-secret account fields come from
 * the settings typed before it (Pipedrive's company address and field keys, carried by the state)
 * and from the token answer (Salesforce says there which instance the org lives on; Pipedrive its
 * api_domain, which must be the company typed: the field keys are that company's); the account is checked
 * with the plugin's own schema, then read once (its exclusions' first page, as a typed connection
 * is) before anything is stored, so a grant that cannot read the CRM is refused and nothing kept.
 * Tokens the plugin refreshed during that read are the ones sealed. Then the first sync is asked for.
 */
async function storeOAuthCrm(deps: CrmDeps & { workflows: CrmSyncStarter }, grant: OAuthConnected): Promise<string> {
  requireBox(deps.secrets);
  const { workspaceId, plugin } = grant;
  const crm = deps.host.crm(plugin.pluginId, deps.clock ? { clock: deps.clock } : {});
  if (!crm?.oauthTokensField) throw new UnprocessableError(`"${plugin.pluginId}" is not a CRM that connects with OAuth.`);
  const tokensField = crm.oauthTokensField;
  const fields: Record<string, string> = { ...grant.given };
  for (const field of crm.credentials) {
    const value = grant.answered[answerName(field.key)];
    if (field.secret || value === undefined) continue;
    const typed = fields[field.key];
    if (typed !== undefined && !sameAddress(typed, value))
      throw new UnprocessableError(
        `${crm.displayName} was signed in to as ${value}, but the form named ${typed} (its settings belong to that one): sign in to ${typed}, or start again with the other's settings. Nothing was connected.`,
      );
    fields[field.key] = value;
  }
  const parsed = crm.accountSchema.safeParse({ ...fields, [tokensField]: grant.tokens });
  if (!parsed.success) {
    const where = [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'account'))].join(', ');
    throw new UnprocessableError(
      `${crm.displayName} was signed in to, but its answer cannot be used (${where}): connect it with its form instead. Nothing was connected.`,
    );
  }
  let tokens: unknown = grant.tokens;
  try {
    tokens = (await checkAccount(crm, { ...fields, [tokensField]: grant.tokens })) ?? tokens;
  } catch (error) {
    const problem = crmProblem(error);
    if (!problem) throw error;
    const said = `${problem.message[0]!.toLowerCase()}${problem.message.slice(1)}`;
    if (problem.kind === 'unavailable')
      throw new ServiceUnavailableError(`${crm.displayName} was signed in to, but ${said} Nothing was connected: try again later.`);
    throw new UnprocessableError(`${crm.displayName} was signed in to, but ${said} Nothing was connected.`);
  }
  await connectCrmWithOAuth(
    deps,
    workspaceId,
    { pluginId: crm.pluginId, tokens: tokens as Record<string, unknown>, fields },
    grant.principalId,
  );
  try {
    await requestCrmSync(deps.workflows, workspaceId);
  } catch {
    throw new ServiceUnavailableError(`${crm.displayName} is connected, but its first sync could not be started: press Sync now.`);
  }
  return crm.displayName;
}

/** Registers what the CRMs do with OAuth on this app's connection: refuse a second CRM early, store a granted one. */
export function registerCrmOAuth(connection: Connection, deps: CrmDeps & { workflows: CrmSyncStarter }): void {
  registerOAuthHandler(connection, 'crm', {
    async beforeStart(workspaceId, plugin, given) {
      requireBox(deps.secrets);
      const crm = deps.host.crm(plugin.pluginId);
      if (!crm?.oauthTokensField) throw new UnprocessableError(`"${plugin.pluginId}" is not a CRM that connects with OAuth.`);
      const connected = await connectionOf(deps.db, workspaceId);
      if (connected) {
        const name = deps.host.crm(connected.pluginId)?.displayName ?? 'a CRM';
        throw new ConflictError(`This workspace has ${name} connected already: disconnect it first.`);
      }
      // Checked before anyone is sent away: a sign-in whose account could not be stored whole is never started.
      return checkGiven(crm, given);
    },
    async connected(grant) {
      return { label: await storeOAuthCrm(deps, grant) };
    },
  });
}
