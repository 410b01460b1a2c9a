import type { AnyPlugin, CalendarOAuthDefinition } from '@meetflow/plugin-sdk';
import type { OAuthClientConfig } from '@meetflow/plugin-sdk/oauth';
import type { PluginHost } from '../../runs/services.ts';

/** A plugin that connects its accounts with OAuth 2.0: its kind, and what its manifest declares (calendar.oauth, crm.oauth…). */
export interface OAuthPlugin {
  pluginId: string;
  kind: string;
  displayName: string;
  definition: CalendarOAuthDefinition;
}

/** The `oauth` block a plugin's manifest declares under its kind (calendar.oauth, crm.oauth), or undefined. */
function definitionOf(plugin: AnyPlugin): CalendarOAuthDefinition | undefined {
  const byKind = (plugin.manifest as unknown as Record<string, { oauth?: CalendarOAuthDefinition } | undefined>)[plugin.manifest.kind];
  return byKind?.oauth;
}

/** The installed plugin `pluginId` when its manifest declares `oauth` under its kind; else null. */
export function oauthPlugin(host: Pick<PluginHost, 'plugins'>, pluginId: string): OAuthPlugin | null {
  const plugin = host.plugins.find((candidate) => candidate.manifest.id === pluginId);
  const definition = plugin ? definitionOf(plugin) : undefined;
  if (!plugin || !definition) return null;
  const byKind = (plugin.manifest as unknown as Record<string, { displayName?: string } | undefined>)[plugin.manifest.kind];
  return { pluginId, kind: plugin.manifest.kind, displayName: byKind?.displayName ?? plugin.manifest.name, definition };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * The OAuth client the platform uses for a plugin: the manifest's endpoints and scopes, with the
 * plugin's own server-only config over them where it has such a field (its `tokenEndpoint` and
 * `revocationEndpoint`, a CRM's `oauthAuthorizeUrl`, `oauthTokenUrl` and `oauthRevokeUrl`; a local fake in tests), and the client id and secret from its config
 * (which {@link withOAuthClients} fills from the variables the manifest names). `configured` is
 * false when either is missing; `missing` names the variables to set.
 */
export function oauthClientOf(
  host: Pick<PluginHost, 'config'>,
  plugin: OAuthPlugin,
): { config: OAuthClientConfig; configured: boolean; missing: string[]; env: [string, string] } {
  const settings = (host.config(plugin.pluginId) ?? {}) as Record<string, unknown>;
  const { definition } = plugin;
  const clientId = text(settings.clientId);
  const clientSecret = text(settings.clientSecret);
  const revocationEndpoint = text(settings.revocationEndpoint) ?? text(settings.oauthRevokeUrl) ?? definition.revocationEndpoint;
  const missing = [...(clientId ? [] : [definition.clientIdEnv]), ...(clientSecret ? [] : [definition.clientSecretEnv])];
  return {
    config: {
      // The CRM plugins name their endpoints oauthAuthorizeUrl / oauthTokenUrl: the token endpoint they refresh with.
      authorizationEndpoint: text(settings.authorizationEndpoint) ?? text(settings.oauthAuthorizeUrl) ?? definition.authorizationEndpoint,
      tokenEndpoint: text(settings.tokenEndpoint) ?? text(settings.oauthTokenUrl) ?? definition.tokenEndpoint,
      ...(revocationEndpoint ? { revocationEndpoint } : {}),
      clientId: clientId ?? '',
      ...(clientSecret ? { clientSecret } : {}),
      // A plugin whose provider wants the client as HTTP Basic says so in its config (Pipedrive), so the code is exchanged as it refreshes.
      ...(settings.oauthClientAuthentication === 'client_secret_basic' || settings.oauthClientAuthentication === 'client_secret_post'
        ? { clientAuthentication: settings.oauthClientAuthentication }
        : {}),
      scopes: definition.scopes,
      ...(definition.authorizationParams ? { authorizationParams: definition.authorizationParams } : {}),
    },
    configured: missing.length === 0,
    missing,
    env: [definition.clientIdEnv, definition.clientSecretEnv],
  };
}

/**
 * The plugins' settings with each OAuth plugin's `clientId` and `clientSecret` taken from the
 * environment variables its manifest names (MEETFLOW_GOOGLE_CLIENT_ID…, read once by
 * core/config.ts as `oauthClients`), where MEETFLOW_PLUGINS_CONFIG does not set them already: what
 * the plugin host is loaded with, so the plugin refreshes tokens with the same client the platform
 * connected them with.
 */
export function withOAuthClients(
  plugins: readonly AnyPlugin[],
  settings: Readonly<Record<string, unknown>>,
  clients: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...settings };
  for (const plugin of plugins) {
    const definition = definitionOf(plugin);
    if (!definition) continue;
    const id = plugin.manifest.id;
    const own = (settings[id] ?? {}) as Record<string, unknown>;
    const fill: Record<string, string> = {};
    const clientId = clients[definition.clientIdEnv];
    const clientSecret = clients[definition.clientSecretEnv];
    if (clientId && !text(own.clientId)) fill.clientId = clientId;
    if (clientSecret && !text(own.clientSecret)) fill.clientSecret = clientSecret;
    if (Object.keys(fill).length > 0) merged[id] = { ...own, ...fill };
  }
  return merged;
}
