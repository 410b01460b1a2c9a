import type { OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import type { Connection } from 'mongoose';
import type { OAuthPlugin } from './clients.ts';

/** What a kind's handler is told when an account of one of its plugins was connected. */
export interface OAuthConnected {
  /** The workspace the state record was bound to (never the query's). */
  workspaceId: string;
  /** Who started (and finished) it: `user:<id>`, or `token:<id>`. */
  principalId: string;
  plugin: OAuthPlugin;
  tokens: OAuthTokens;
  /** The token answer's other string fields (Salesforce's `instance_url`, `id`), never a token: where some providers say where the account lives. */
  answered: Record<string, string>;
  /** The settings typed before the sign-in, as `beforeStart` kept them (empty when none were). */
  given: Record<string, string>;
}

/**
 * What a plugin kind does with OAuth (calendars and CRMs register theirs): refuse a start early (e.g. the workspace has a calendar already), and
 * store the tokens once the provider granted them. Either throws an Error whose message the user
 * is shown (the callback redirects with it).
 */
export interface OAuthKindHandler {
  /**
   * Before the user is sent to the provider: throw (an HTTP error) to refuse, e.g. 409 when one is
   * connected already, or 400 when the settings typed first (`given`) are wrong. Answers the settings
   * to keep with the state for `connected` (a kind that takes none answers nothing).
   */
  beforeStart?(workspaceId: string, plugin: OAuthPlugin, given: Record<string, string>): Promise<Record<string, string> | void>;
  /** The tokens were granted: store the account (tokens sealed); answer what the user is told, e.g. "Google Calendar". */
  connected(grant: OAuthConnected): Promise<{ label: string }>;
}

// Per database connection (one per app), so two apps in one process (tests) never share handlers.
const registries = new WeakMap<Connection, Map<string, OAuthKindHandler>>();

/** Registers what kind `kind` does with OAuth on this app's connection (a feature's router build calls it once). */
export function registerOAuthHandler(connection: Connection, kind: string, handler: OAuthKindHandler): void {
  let handlers = registries.get(connection);
  if (!handlers) registries.set(connection, (handlers = new Map()));
  handlers.set(kind, handler);
}

/** The handler of a kind on this connection, or undefined when no feature registered one. */
export function oauthHandler(connection: Connection, kind: string): OAuthKindHandler | undefined {
  return registries.get(connection)?.get(kind);
}
