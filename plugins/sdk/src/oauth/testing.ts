// @meetflow/plugin-sdk/oauth/testing: a local OAuth 2.0 authorization server for plugins' fakes and
// tests (RFC 6749 §4.1 and §6, RFC 7636 S256, RFC 7009), and a loopback HTTP server to mount it on.
// Its tokens expire on the clock it is given, so a test moves time instead of waiting.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { codeChallengeOf } from './index.ts';

/** One request a loopback server received, body read whole. */
export interface LoopbackRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How a handler answers: a status, headers, and a body (an object is sent as JSON). */
export interface LoopbackAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A running loopback server. */
export interface LoopbackServer {
  /** "http://127.0.0.1:PORT". */
  origin: string;
  requests: LoopbackRequest[];
  close(): Promise<void>;
}

/** Starts an HTTP server on a free 127.0.0.1 port; every request is recorded, then answered by `handle`. */
export async function startLoopbackServer(
  handle: (request: LoopbackRequest) => LoopbackAnswer | Promise<LoopbackAnswer>,
): Promise<LoopbackServer> {
  const requests: LoopbackRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: LoopbackRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request))
        .then(
          (answer) => {
            const json = answer.body !== undefined && typeof answer.body !== 'string';
            const headers = { ...(json ? { 'content-type': 'application/json; charset=UTF-8' } : {}), ...answer.headers };
            outgoing
              .writeHead(answer.status, headers)
              .end(answer.body === undefined ? undefined : json ? JSON.stringify(answer.body) : answer.body);
          },
          (error: unknown) => {
            outgoing.writeHead(500, { 'content-type': 'text/plain' }).end(`fake server error: ${(error as Error).message}`);
          },
        );
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a fake authorization server is told. */
export interface FakeAuthorizationServerOptions {
  clientId: string;
  clientSecret: string;
  /** The clock its tokens expire on (the test's). */
  now: () => Date;
  /** Paths it answers on (the provider's own, on the fake's origin). */
  paths: { authorize: string; token: string; revoke?: string };
  /** Seconds an access token lasts (default 3600, as Google and Microsoft give). */
  accessTokenLifetimeSeconds?: number;
  /** True when each refresh answers a new refresh token (Microsoft); false answers none, the old one staying (Google). */
  rotateRefreshTokens?: boolean;
  /** With rotation, true ends the old refresh token once used (OAuth 2.1's rotation); false keeps it valid, as Microsoft does. */
  spendRotatedRefreshTokens?: boolean;
  /** The provider's error body for an OAuth error (default RFC 6749 §5.2: error and error_description). */
  errorBody?: (error: string, description: string) => Record<string, unknown>;
}

interface Grant {
  refreshToken: string;
  scope: string;
  revoked: boolean;
}

/** The state of an access token the fake issued. */
export type AccessTokenState = 'valid' | 'expired' | 'unknown';

/** A fake authorization server: mount `handle` on a loopback server (it answers null for paths not its own). */
export interface FakeAuthorizationServer {
  handle(request: LoopbackRequest): LoopbackAnswer | null;
  /** Whether an access token (from an Authorization: Bearer header) is one it issued, and unexpired on its clock. */
  accessTokenState(token: string): AccessTokenState;
  /** The grant behind a refresh token is revoked (the user removed the app's access): its refresh answers invalid_grant. */
  revokeGrants(): void;
  /**
   * Deletes one refresh token, as HubSpot's DELETE /oauth/v1/refresh-tokens/{token} does: a refresh
   * with it answers invalid_grant, while access tokens it issued stay valid until they expire (HubSpot
   * says so). Recorded in `revoked`. False when the fake never issued it (or deleted it already).
   */
  deleteRefreshToken(token: string): boolean;
  /** The next `count` token requests answer `status` (503: the server is down) with no OAuth body. */
  failTokenRequests(status: number, count?: number): void;
  /** Every token request: its grant type and parameters (client secret left out). */
  tokenRequests: Array<Record<string, string>>;
  /** Tokens revoked through the revocation endpoint. */
  revoked: string[];
}

const random = () => randomBytes(24).toString('base64url');

/**
 * A fake OAuth 2.0 authorization server: the authorization endpoint grants at once (as if the user
 * pressed Allow) and redirects with a code bound to the PKCE challenge and redirect URI; the token
 * endpoint checks the client (post or basic), the code, the redirect URI and the code verifier,
 * refreshes, and answers errors as RFC 6749 §5.2 says (400 invalid_grant, 401 invalid_client…).
 */
export function fakeAuthorizationServer(options: FakeAuthorizationServerOptions): FakeAuthorizationServer {
  const lifetime = options.accessTokenLifetimeSeconds ?? 3600;
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string; used: boolean }>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { expiresAt: number; grant: Grant }>();
  const tokenRequests: Array<Record<string, string>> = [];
  const revoked: string[] = [];
  let failures: { status: number; count: number } | null = null;
  const errorBody = options.errorBody ?? ((error, description) => ({ error, error_description: description }));
  const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}): LoopbackAnswer => ({
    status,
    headers: { 'cache-control': 'no-store', pragma: 'no-cache', ...headers },
    body: errorBody(error, description),
  });

  const issue = (grant: Grant): LoopbackAnswer => {
    const accessToken = random();
    accessTokens.set(accessToken, { expiresAt: options.now().getTime() + lifetime * 1000, grant });
    return {
      status: 200,
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: lifetime,
        scope: grant.scope,
        refresh_token: grant.refreshToken,
      },
    };
  };

  function authorize(url: URL): LoopbackAnswer {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== options.clientId || !redirectUri)
      return { status: 400, headers: { 'content-type': 'text/plain' }, body: 'invalid client_id or redirect_uri' };
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state) back.searchParams.set('state', state);
    const challenge = params.get('code_challenge');
    if (params.get('response_type') !== 'code' || !challenge || params.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
      return { status: 302, headers: { location: back.href } };
    }
    const code = random();
    codes.set(code, { challenge, redirectUri, scope: params.get('scope') ?? '', used: false });
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.href } };
  }

  function clientOf(request: LoopbackRequest, form: URLSearchParams): { id: string | null; secret: string | null } {
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      return { id: id ?? null, secret: secret ?? null };
    }
    return { id: form.get('client_id'), secret: form.get('client_secret') };
  }

  function token(request: LoopbackRequest): LoopbackAnswer {
    const form = new URLSearchParams(request.body);
    const { client_secret: _secret, ...logged } = Object.fromEntries(form);
    tokenRequests.push(logged);
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return { status: failures.status, headers: { 'content-type': 'text/html' }, body: '<html><body>Service Unavailable</body></html>' };
    }
    if (!/^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? ''))
      return oauthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
    const client = clientOf(request, form);
    if (client.id !== options.clientId || client.secret !== options.clientSecret)
      return oauthError(401, 'invalid_client', 'Client authentication failed.');
    switch (form.get('grant_type')) {
      case 'authorization_code': {
        const code = codes.get(form.get('code') ?? '');
        if (!code || code.used) return oauthError(400, 'invalid_grant', 'The authorization code is invalid or was used already.');
        code.used = true;
        if (form.get('redirect_uri') !== code.redirectUri) return oauthError(400, 'invalid_grant', 'The redirect_uri does not match.');
        const verifier = form.get('code_verifier') ?? '';
        if (!verifier || codeChallengeOf(verifier) !== code.challenge)
          return oauthError(400, 'invalid_grant', 'The code_verifier does not match the code_challenge.');
        const grant: Grant = { refreshToken: random(), scope: code.scope, revoked: false };
        grants.set(grant.refreshToken, grant);
        return issue(grant);
      }
      case 'refresh_token': {
        const grant = grants.get(form.get('refresh_token') ?? '');
        if (!grant || grant.revoked) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
        if (options.rotateRefreshTokens) {
          if (options.spendRotatedRefreshTokens) grants.delete(grant.refreshToken);
          grant.refreshToken = random();
          grants.set(grant.refreshToken, grant);
        }
        const answer = issue(grant);
        if (!options.rotateRefreshTokens) delete (answer.body as Record<string, unknown>).refresh_token;
        return answer;
      }
      default:
        return oauthError(400, 'unsupported_grant_type', 'The grant type is not supported.');
    }
  }

  function revoke(request: LoopbackRequest): LoopbackAnswer {
    const value = new URLSearchParams(request.body).get('token') ?? '';
    const grant = grants.get(value) ?? accessTokens.get(value)?.grant;
    if (!grant) return oauthError(400, 'invalid_token', 'Token expired or revoked.');
    grant.revoked = true;
    revoked.push(value);
    return { status: 200, body: '' };
  }

  return {
    tokenRequests,
    revoked,
    handle(request) {
      const path = request.url.pathname;
      if (path === options.paths.authorize && request.method === 'GET') return authorize(request.url);
      if (path === options.paths.token && request.method === 'POST') return token(request);
      if (options.paths.revoke && path === options.paths.revoke && request.method === 'POST') return revoke(request);
      return null;
    },
    accessTokenState(value) {
      const known = accessTokens.get(value);
      if (!known || known.grant.revoked) return 'unknown';
      return known.expiresAt > options.now().getTime() ? 'valid' : 'expired';
    },
    revokeGrants() {
      for (const grant of grants.values()) grant.revoked = true;
    },
    deleteRefreshToken(token) {
      if (!grants.delete(token)) return false;
      revoked.push(token);
      return true;
    },
    failTokenRequests(status, count = 1) {
      failures = { status, count };
    },
  };
}

/**
 * Goes through the authorization endpoint as a browser would (the fake grants at once) and answers
 * the code and state it redirected back with.
 */
export async function followAuthorization(authorizationUrl: string): Promise<{ code: string; state: string | null }> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`the authorization endpoint answered ${response.status}, not a redirect`);
  const back = new URL(location);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`the authorization endpoint redirected with ${back.searchParams.get('error') ?? 'no code'}`);
  return { code, state: back.searchParams.get('state') };
}
