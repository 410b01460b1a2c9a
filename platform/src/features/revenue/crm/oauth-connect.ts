import type { Connection } from 'mongoose';
import { ConflictError, ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { registerOAuthHandler, type OAuthConnected } from '../oauth/registry.ts';
import { checkAccount, connectCrmWithOAuth, connectionOf, connectWithOf, crmProblem, requireBox, type CrmDeps } from './connections.ts';
import { requestCrmSync, type CrmSyncStarter } from './run.ts';

/** The token answer's name of an account field: Salesforce's `instanceUrl` is `instance_url`, Pipedrive's `apiDomain` `api_domain`. */
const answerName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Stores a CRM connected through its provider's sign-in. Its non-secret account fields come from
 * the token answer (Salesforce says there which instance the org lives on); the account is checked
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
  const fields: Record<string, string> = {};
  for (const field of crm.credentials) {
    const value = grant.answered[answerName(field.key)];
    if (!field.secret && value !== undefined) fields[field.key] = value;
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
    async beforeStart(workspaceId, plugin) {
      requireBox(deps.secrets);
      const crm = deps.host.crm(plugin.pluginId);
      // Refused before anyone is sent away: a sign-in whose answer could not be stored (Pipedrive's field keys are typed, never answered).
      if (crm && !connectWithOf(crm).connectWith.includes('oauth'))
        throw new UnprocessableError(
          `${crm.displayName} connects with its form, not through its sign-in: the form asks for settings of yours that a sign-in does not give.`,
          { pluginId: 'connects with its form' },
        );
      const connected = await connectionOf(deps.db, workspaceId);
      if (connected) {
        const name = deps.host.crm(connected.pluginId)?.displayName ?? 'a CRM';
        throw new ConflictError(`This workspace has ${name} connected already: disconnect it first.`);
      }
    },
    async connected(grant) {
      return { label: await storeOAuthCrm(deps, grant) };
    },
  });
}
