import { revokeTokens, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import type { PluginHost } from '../../runs/services.ts';
import { oauthClientOf, oauthPlugin } from './clients.ts';

/** What disconnecting did at the provider: whether the account's access was revoked there, and else what the user does. */
export interface Revocation {
  revoked: boolean;
  warning?: string;
}

/**
 * Revokes an account's OAuth grant at its provider (RFC 7009, the refresh token; or the style its
 * manifest declares, HubSpot's DELETE) with the client the platform connected it with, best effort:
 * a provider without a revocation endpoint (Microsoft, Pipedrive), tokens that cannot be opened, a
 * refusal or no answer is said in the warning, with where the user removes the access themselves.
 * Calendars and CRMs call it before deleting the account.
 * `tokensOf` opens the account's sealed secret and answers what it holds under the plugin's tokens field.
 */
export async function revokeOAuthGrant(
  host: Pick<PluginHost, 'plugins' | 'config'>,
  pluginId: string,
  tokensOf: (tokensField: string) => unknown,
): Promise<Revocation> {
  const plugin = oauthPlugin(host, pluginId);
  const name = plugin?.displayName ?? pluginId;
  const yourself = `remove Meetflow's access in your ${name} account's security settings yourself`;
  if (!plugin) return { revoked: false, warning: `The plugin is no longer installed, so its access could not be revoked: ${yourself}.` };
  const client = oauthClientOf(host, plugin);
  if (!client.config.revocationEndpoint)
    return { revoked: false, warning: `${name} offers no way for an app to revoke its access: ${yourself}.` };
  let tokens: OAuthTokens;
  try {
    tokens = tokensOf(plugin.definition.tokensField) as OAuthTokens;
  } catch {
    return {
      revoked: false,
      warning: `Meetflow's stored tokens for ${name} could not be opened, so its access was not revoked: ${yourself}.`,
    };
  }
  // The manifest says how its provider revokes (HubSpot: DELETE of the refresh token, not RFC 7009).
  const style = plugin.definition.revocationStyle;
  try {
    await revokeTokens({ ...client.config, ...(style ? { revocationStyle: style } : {}) }, tokens, { timeoutMs: 10_000 });
    return { revoked: true };
  } catch {
    return { revoked: false, warning: `${name} did not confirm the revocation of Meetflow's access: ${yourself}.` };
  }
}
