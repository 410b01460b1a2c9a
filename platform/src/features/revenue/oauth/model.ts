import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One OAuth connect in flight (POST /api/oauth/{pluginId}/start → the provider → GET
 * /api/oauth/callback): the state the provider sends back is random and stored only as its SHA-256,
 * with everything the callback acts on, so the query decides nothing — the workspace, the member who
 * started it, the plugin, the PKCE verifier and the redirect URI all come from here. Used once
 * (deleted as it is read) and good for 10 minutes.
 */
export interface OAuthState {
  /** SHA-256 (hex) of the state sent to the provider. */
  stateHash: string;
  workspaceId: string;
  /** Who started it (`user:<id>`, or `token:<id>` for a script): only they may finish it. */
  principalId: string;
  pluginId: string;
  /** The plugin's kind (calendar, crm): which handler stores the tokens. */
  kind: string;
  /** The PKCE verifier (RFC 7636) the code is exchanged with. */
  codeVerifier: string;
  /** The redirect URI the provider was given (the token request must repeat it). */
  redirectUri: string;
  /**
   * Settings of the account the user typed before the sign-in, as the kind's handler accepted them
   * (Pipedrive's company address and field keys, which no token answer carries); never a secret.
   */
  given?: Record<string, string>;
  expiresAt: Date;
  createdAt: Date;
}

const OAuthStateSchema = new Schema<OAuthState>(
  {
    stateHash: { type: String, required: true },
    workspaceId: { type: String, required: true },
    principalId: { type: String, required: true },
    pluginId: { type: String, required: true },
    kind: { type: String, required: true },
    codeVerifier: { type: String, required: true },
    redirectUri: { type: String, required: true },
    given: { type: Schema.Types.Mixed, default: undefined },
    expiresAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
OAuthStateSchema.index({ stateHash: 1 }, { unique: true });
OAuthStateSchema.index({ workspaceId: 1, principalId: 1 });
// The database removes what nobody came back for; the callback checks expiresAt itself too (the sweep is not immediate).
OAuthStateSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** Registers the OAuth state model on a connection (once); collection `oauthStates`. */
export function oauthModels(connection: Connection) {
  return {
    oauthStates:
      (connection.models.OAuthState as Model<OAuthState> | undefined) ??
      connection.model<OAuthState>('OAuthState', OAuthStateSchema, 'oauthStates'),
  };
}
export type OAuthDb = ReturnType<typeof oauthModels>;
