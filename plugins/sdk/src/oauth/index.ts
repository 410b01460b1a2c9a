// @meetflow/plugin-sdk/oauth: the OAuth 2.0 client every plugin that acts for a connected account
// shares (Google and Microsoft calendars, Salesforce and HubSpot): the authorization code grant
// with PKCE (S256), refresh, revocation, and two typed failures. The protocol is oauth4webapi's
// (spec-exact, no hand-written form posts); this module only adapts it to plain endpoints (no
// discovery), an injected fetch and clock, and failures a caller can act on.
import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { z } from 'zod';

/** One OAuth client at one provider: where it sends the user and asks for tokens, and what it asks for. */
export interface OAuthClientConfig {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret?: string;
  scopes: readonly string[];
  /** RFC 7009 (or as `revocationStyle` says); absent where the provider has none (revokeTokens then does nothing). */
  revocationEndpoint?: string;
  /** How the revocation endpoint is called (default rfc7009); see {@link RevocationStyle}. */
  revocationStyle?: RevocationStyle;
  /** How the secret is sent to the token endpoint (default client_secret_post, which every provider here accepts). */
  clientAuthentication?: 'client_secret_post' | 'client_secret_basic';
  /** Extra parameters of the authorization request, e.g. Google's `access_type: 'offline'` (a refresh token) and `prompt: 'consent'`. */
  authorizationParams?: Readonly<Record<string, string>>;
  /** How long a token is taken to last when the token endpoint says nothing (Salesforce gives no expires_in); default 3600. */
  defaultLifetimeSeconds?: number;
}

/**
 * How a provider revokes a grant: `rfc7009`, a POST of `token=` to the revocation endpoint with the
 * client's authentication (Google, Salesforce); `delete-refresh-token`, HubSpot's
 * `DELETE <endpoint>/<refresh token>`, no body (its refresh token in the path is the credential).
 */
export type RevocationStyle = 'rfc7009' | 'delete-refresh-token';

/** What a connected account keeps: the tokens, and when the access token expires. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string;
  /** ISO 8601. */
  expiresAt: string;
  /** The scopes granted, space-separated, when the provider says. */
  scope?: string;
}

/** OAuthTokens as a zod schema (an account's token fields, an activity's refreshed tokens). */
export const oauthTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  expiresAt: z.iso.datetime({ offset: true }),
  scope: z.string().optional(),
});

/** What the helper's calls may be given: a fetch (tests, a guarded client), a clock, a timeout. */
export interface OAuthDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Per request; default 20 s. A timeout is OAuthUnavailable. */
  timeoutMs?: number;
}

/** The grant is gone (invalid_grant: revoked, expired, a refresh token already rotated) or the client is refused: reconnect, do not retry. */
export class OAuthRefused extends Error {
  override name = 'OAuthRefused';
  /** The OAuth error code (invalid_grant, invalid_client…), or `http_<status>` when the answer had none. */
  readonly error: string;
  readonly status: number | undefined;
  constructor(message: string, error: string, status?: number) {
    super(message);
    this.error = error;
    this.status = status;
  }
}

/** No answer, a timeout, a 5xx, a 429 or an unreadable answer: retryable. */
export class OAuthUnavailable extends Error {
  override name = 'OAuthUnavailable';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** A client configuration that cannot be used (an endpoint not https): a bug to fix, not a failure to retry. */
export class OAuthConfigError extends TypeError {
  override name = 'OAuthConfigError';
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Every endpoint is https, or http on a loopback host (a local fake): oauth4webapi's
 * allowInsecureRequests is set for those alone. Anything else is a configuration error.
 */
function endpointUrl(value: string, what: string): { url: URL; insecure: boolean } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OAuthConfigError(`OAuth ${what} is not a URL`);
  }
  if (url.protocol === 'https:') return { url, insecure: false };
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return { url, insecure: true };
  throw new OAuthConfigError(`OAuth ${what} must be https (http only on 127.0.0.1 or localhost)`);
}

/** The problems of a client configuration, as readable lines (empty when it can be used). */
export function oauthConfigProblems(config: Partial<OAuthClientConfig>): string[] {
  const problems: string[] = [];
  for (const [key, what] of [
    ['authorizationEndpoint', 'authorization endpoint'],
    ['tokenEndpoint', 'token endpoint'],
    ['revocationEndpoint', 'revocation endpoint'],
  ] as const) {
    const value = config[key];
    if (value === undefined && key === 'revocationEndpoint') continue;
    if (typeof value !== 'string') {
      problems.push(`${key} is missing`);
      continue;
    }
    try {
      endpointUrl(value, what);
    } catch (error) {
      problems.push(`${key}: ${(error as Error).message}`);
    }
  }
  if (!Array.isArray(config.scopes) || config.scopes.length === 0 || config.scopes.some((scope) => typeof scope !== 'string' || !scope))
    problems.push('scopes must be a non-empty list of scope names');
  return problems;
}

function server(config: OAuthClientConfig): oauth.AuthorizationServer {
  const token = endpointUrl(config.tokenEndpoint, 'token endpoint');
  return {
    issuer: token.url.origin,
    authorization_endpoint: config.authorizationEndpoint,
    token_endpoint: config.tokenEndpoint,
    ...(config.revocationEndpoint ? { revocation_endpoint: config.revocationEndpoint } : {}),
  };
}

function clientAuth(config: OAuthClientConfig): oauth.ClientAuth {
  if (config.clientSecret === undefined || config.clientSecret === '') return oauth.None();
  return config.clientAuthentication === 'client_secret_basic'
    ? oauth.ClientSecretBasic(config.clientSecret)
    : oauth.ClientSecretPost(config.clientSecret);
}

function requestOptions(endpoint: string, what: string, deps: OAuthDeps | undefined) {
  const { insecure } = endpointUrl(endpoint, what);
  const timeoutMs = deps?.timeoutMs ?? 20_000;
  const fetcher = deps?.fetch ?? fetch;
  return {
    signal: () => AbortSignal.timeout(timeoutMs),
    [oauth.customFetch]: (url: string, options: oauth.CustomFetchOptions<'POST', URLSearchParams>) => fetcher(url, options),
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/** The S256 code challenge of a verifier (RFC 7636 §4.2). */
export function codeChallengeOf(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/**
 * Where to send the user to grant access: the authorization endpoint with response_type=code,
 * the scopes, `state` (the caller keeps it and checks it on the way back) and a PKCE S256
 * challenge. Keep `codeVerifier` (server-side) until the code comes back; exchangeCode needs it.
 */
export function authorizationRequest(
  config: OAuthClientConfig,
  request: { redirectUri: string; state: string },
): { url: string; codeVerifier: string } {
  const { url } = endpointUrl(config.authorizationEndpoint, 'authorization endpoint');
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const params = url.searchParams;
  for (const [key, value] of Object.entries(config.authorizationParams ?? {})) params.set(key, value);
  params.set('response_type', 'code');
  params.set('client_id', config.clientId);
  params.set('redirect_uri', request.redirectUri);
  params.set('scope', config.scopes.join(' '));
  params.set('state', request.state);
  params.set('code_challenge', codeChallengeOf(codeVerifier));
  params.set('code_challenge_method', 'S256');
  return { url: url.href, codeVerifier };
}

const isTimeout = (error: unknown) => {
  const failure = error as { name?: string; cause?: { name?: string; code?: string } } | null;
  return failure?.name === 'TimeoutError' || failure?.cause?.name === 'TimeoutError' || failure?.cause?.code === 'UND_ERR_CONNECT_TIMEOUT';
};

/** The typed failure of a token or revocation request (never the server's own words, which may echo the request). */
function typedFailure(error: unknown, doing: string): Error {
  if (error instanceof OAuthRefused || error instanceof OAuthUnavailable || error instanceof OAuthConfigError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    if (error.status === 429 || error.status >= 500)
      return new OAuthUnavailable(`${doing}: the server answered ${error.status}`, error.status);
    return new OAuthRefused(`${doing}: refused (${error.error})`, error.error, error.status);
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const code = error.cause[0]?.parameters.error ?? 'invalid_client';
    return new OAuthRefused(`${doing}: refused (${code})`, code, error.status);
  }
  if (error instanceof oauth.OperationProcessingError) {
    const response = error.cause instanceof Response ? error.cause : undefined;
    const status = response?.status;
    if (status !== undefined && (status === 429 || status === 408 || status >= 500))
      return new OAuthUnavailable(`${doing}: the server answered ${status}, try again later`, status);
    if (status !== undefined && status >= 400) return new OAuthRefused(`${doing}: refused (${status})`, `http_${status}`, status);
    return new OAuthUnavailable(`${doing}: the server answered something unreadable`, status);
  }
  if (isTimeout(error)) return new OAuthUnavailable(`${doing}: timed out`);
  return new OAuthUnavailable(`${doing}: the server could not be reached`);
}

function tokensOf(config: OAuthClientConfig, response: oauth.TokenEndpointResponse, now: Date, previous?: OAuthTokens): OAuthTokens {
  const lifetime = response.expires_in ?? config.defaultLifetimeSeconds ?? 3600;
  const refreshToken = response.refresh_token ?? previous?.refreshToken;
  const scope = response.scope ?? previous?.scope;
  return {
    accessToken: response.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    expiresAt: new Date(now.getTime() + lifetime * 1000).toISOString(),
    ...(scope ? { scope } : {}),
  };
}

/** The token answer's members that are the grant itself: never among a grant's `answered` fields. */
const TOKEN_MEMBERS = new Set(['access_token', 'refresh_token', 'id_token', 'token_type', 'expires_in', 'scope', 'signature']);

/** Trades the code the provider sent back (with the PKCE verifier authorizationRequest made) for tokens. */
export async function exchangeCode(
  config: OAuthClientConfig,
  grant: { code: string; redirectUri: string; codeVerifier: string },
  deps?: OAuthDeps,
): Promise<OAuthTokens> {
  return (await exchangeCodeForGrant(config, grant, deps)).tokens;
}

/**
 * exchangeCode, also answering the token answer's other string members (`answered`): some
 * providers say there where the account lives (Salesforce's `instance_url`, Pipedrive's
 * `api_domain`). Never a token: those are `tokens` alone.
 */
export async function exchangeCodeForGrant(
  config: OAuthClientConfig,
  grant: { code: string; redirectUri: string; codeVerifier: string },
  deps?: OAuthDeps,
): Promise<{ tokens: OAuthTokens; answered: Record<string, string> }> {
  const doing = 'exchanging the authorization code';
  const as = server(config);
  const client: oauth.Client = { client_id: config.clientId };
  const now = deps?.now ?? (() => new Date());
  try {
    const parameters = oauth.validateAuthResponse(as, client, new URLSearchParams({ code: grant.code }), oauth.skipStateCheck);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth(config),
      parameters,
      grant.redirectUri,
      grant.codeVerifier,
      requestOptions(config.tokenEndpoint, 'token endpoint', deps),
    );
    const asked = now();
    const answer = await oauth.processAuthorizationCodeResponse(as, client, response);
    const answered = Object.fromEntries(
      Object.entries(answer).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !TOKEN_MEMBERS.has(entry[0])),
    );
    return { tokens: tokensOf(config, answer, asked), answered };
  } catch (error) {
    throw typedFailure(error, doing);
  }
}

/**
 * New tokens for old: the refresh token grant. A provider that sends no new refresh token (Google)
 * keeps the old one; one that rotates it (Microsoft) gives the new one, which the caller must store.
 */
export async function refreshTokens(config: OAuthClientConfig, tokens: OAuthTokens, deps?: OAuthDeps): Promise<OAuthTokens> {
  const doing = 'refreshing the access token';
  if (!tokens.refreshToken) throw new OAuthRefused(`${doing}: the account has no refresh token`, 'invalid_grant');
  const as = server(config);
  const client: oauth.Client = { client_id: config.clientId };
  const now = deps?.now ?? (() => new Date());
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth(config),
      tokens.refreshToken,
      requestOptions(config.tokenEndpoint, 'token endpoint', deps),
    );
    const asked = now();
    return tokensOf(config, await oauth.processRefreshTokenResponse(as, client, response), asked, tokens);
  } catch (error) {
    throw typedFailure(error, doing);
  }
}

/**
 * HubSpot's revocation (`delete-refresh-token`): DELETE <endpoint>/<refresh token>, answered 204.
 * Nothing else of the grant can be named there, so an account without a refresh token is refused.
 */
async function deleteRefreshToken(endpoint: string, tokens: OAuthTokens, deps: OAuthDeps | undefined): Promise<void> {
  const doing = 'revoking the tokens';
  if (!tokens.refreshToken) throw new OAuthRefused(`${doing}: the account has no refresh token`, 'invalid_grant');
  const { url } = endpointUrl(endpoint, 'revocation endpoint');
  const target = `${url.href.replace(/\/+$/, '')}/${encodeURIComponent(tokens.refreshToken)}`;
  let response: Response;
  try {
    response = await (deps?.fetch ?? fetch)(target, { method: 'DELETE', signal: AbortSignal.timeout(deps?.timeoutMs ?? 20_000) });
  } catch (error) {
    throw typedFailure(error, doing);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.ok) return;
  if (response.status === 429 || response.status >= 500)
    throw new OAuthUnavailable(`${doing}: the server answered ${response.status}`, response.status);
  throw new OAuthRefused(`${doing}: refused (${response.status})`, `http_${response.status}`, response.status);
}

/**
 * Revokes the grant (RFC 7009): the refresh token when there is one (which ends the grant at Google
 * and the others), else the access token. A token the server says is invalid already counts as
 * revoked. Without a revocation endpoint (Microsoft has none) there is nothing to call. A provider
 * of another `revocationStyle` (HubSpot) is called its own way.
 */
export async function revokeTokens(config: OAuthClientConfig, tokens: OAuthTokens, deps?: OAuthDeps): Promise<void> {
  if (!config.revocationEndpoint) return;
  if (config.revocationStyle === 'delete-refresh-token') return deleteRefreshToken(config.revocationEndpoint, tokens, deps);
  const as = server(config);
  const client: oauth.Client = { client_id: config.clientId };
  try {
    const response = await oauth.revocationRequest(
      as,
      client,
      clientAuth(config),
      tokens.refreshToken ?? tokens.accessToken,
      requestOptions(config.revocationEndpoint, 'revocation endpoint', deps),
    );
    await oauth.processRevocationResponse(response);
  } catch (error) {
    const typed = typedFailure(error, 'revoking the tokens');
    if (typed instanceof OAuthRefused && (typed.error === 'invalid_token' || typed.error === 'invalid_grant')) return;
    throw typed;
  }
}

/** True when the access token has expired, or will within `skewSeconds` (default 60): refresh before using it. */
export function needsRefresh(tokens: OAuthTokens, now: Date, skewSeconds = 60): boolean {
  const expires = Date.parse(tokens.expiresAt);
  return !Number.isFinite(expires) || expires - skewSeconds * 1000 <= now.getTime();
}

export { oauthFetch, type OAuthFetch, type OAuthFetchOptions } from './client.ts';
export { retryAfterSeconds } from '../http/retry-after.ts';
