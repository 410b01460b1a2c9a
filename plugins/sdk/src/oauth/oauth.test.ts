import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizationRequest,
  codeChallengeOf,
  exchangeCode,
  needsRefresh,
  OAuthConfigError,
  oauthConfigProblems,
  OAuthRefused,
  OAuthUnavailable,
  refreshTokens,
  retryAfterSeconds,
  revokeTokens,
  type OAuthClientConfig,
} from './index.ts';
import { fakeAuthorizationServer, followAuthorization, startLoopbackServer, type LoopbackServer } from './testing.ts';

let now = Date.parse('2026-11-30T09:00:00Z');
const clock = () => new Date(now);
const fake = fakeAuthorizationServer({
  clientId: 'meetflow-test',
  clientSecret: 's3cret',
  now: clock,
  paths: { authorize: '/authorize', token: '/token', revoke: '/revoke' },
  accessTokenLifetimeSeconds: 3600,
});
let server: LoopbackServer;
let config: OAuthClientConfig;
const redirectUri = 'http://localhost:3000/api/integrations/oauth/callback';

beforeAll(async () => {
  server = await startLoopbackServer((request) => fake.handle(request) ?? { status: 404, body: { error: 'not_found' } });
  config = {
    authorizationEndpoint: `${server.origin}/authorize`,
    tokenEndpoint: `${server.origin}/token`,
    revocationEndpoint: `${server.origin}/revoke`,
    clientId: 'meetflow-test',
    clientSecret: 's3cret',
    scopes: ['calendar.read', 'calendar.write'],
    authorizationParams: { access_type: 'offline' },
  };
});
afterAll(() => server.close());

async function connect(at = config) {
  const request = authorizationRequest(at, { redirectUri, state: 'state-123' });
  const { code, state } = await followAuthorization(request.url);
  expect(state).toBe('state-123');
  return { tokens: await exchangeCode(at, { code, redirectUri, codeVerifier: request.codeVerifier }, { now: clock }), request, code };
}

describe('authorizationRequest', () => {
  it('asks for a code with the scopes, the state and an S256 PKCE challenge of a fresh verifier', () => {
    const first = authorizationRequest(config, { redirectUri, state: 'xyz' });
    const second = authorizationRequest(config, { redirectUri, state: 'xyz' });
    const url = new URL(first.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      access_type: 'offline',
      response_type: 'code',
      client_id: 'meetflow-test',
      redirect_uri: redirectUri,
      scope: 'calendar.read calendar.write',
      state: 'xyz',
      code_challenge: codeChallengeOf(first.codeVerifier),
      code_challenge_method: 'S256',
    });
    expect(first.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    expect(second.codeVerifier).not.toBe(first.codeVerifier);
    // RFC 7636 appendix B's example.
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('refuses an endpoint that is not https, except on a loopback host', () => {
    expect(() =>
      authorizationRequest({ ...config, authorizationEndpoint: 'http://accounts.example.com/auth' }, { redirectUri, state: 's' }),
    ).toThrow(OAuthConfigError);
    expect(oauthConfigProblems({ ...config, tokenEndpoint: 'http://oauth.example.com/token' })).toEqual([
      'tokenEndpoint: OAuth token endpoint must be https (http only on 127.0.0.1 or localhost)',
    ]);
    expect(oauthConfigProblems({ ...config, scopes: [] })).toEqual(['scopes must be a non-empty list of scope names']);
    expect(oauthConfigProblems(config)).toEqual([]);
  });
});

describe('exchangeCode', () => {
  it('trades the code and its verifier for tokens that expire by expires_in on the injected clock', async () => {
    const { tokens } = await connect();
    expect(tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: '2026-11-30T10:00:00.000Z',
      scope: 'calendar.read calendar.write',
    });
    expect(fake.accessTokenState(tokens.accessToken)).toBe('valid');
    const sent = fake.tokenRequests.at(-1)!;
    expect(sent).toMatchObject({ grant_type: 'authorization_code', redirect_uri: redirectUri, client_id: 'meetflow-test' });
    expect(sent.code_verifier).toMatch(/^[\w-]{43}$/);
  });

  it('is refused (invalid_grant) with another verifier, a used code or another redirect URI', async () => {
    const request = authorizationRequest(config, { redirectUri, state: 's' });
    const { code } = await followAuthorization(request.url);
    const wrongVerifier = exchangeCode(config, {
      code,
      redirectUri,
      codeVerifier: authorizationRequest(config, { redirectUri, state: 's' }).codeVerifier,
    });
    await expect(wrongVerifier).rejects.toThrow(OAuthRefused);
    await expect(wrongVerifier).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });

    const { request: used, code: usedCode } = await connect();
    await expect(exchangeCode(config, { code: usedCode, redirectUri, codeVerifier: used.codeVerifier })).rejects.toMatchObject({
      name: 'OAuthRefused',
      error: 'invalid_grant',
    });

    const other = authorizationRequest(config, { redirectUri, state: 's' });
    const { code: otherCode } = await followAuthorization(other.url);
    await expect(
      exchangeCode(config, { code: otherCode, redirectUri: 'http://localhost:3000/elsewhere', codeVerifier: other.codeVerifier }),
    ).rejects.toMatchObject({ name: 'OAuthRefused', error: 'invalid_grant' });
  });

  it('is refused (invalid_client) with a wrong secret, sent in the body or as Basic', async () => {
    const request = authorizationRequest(config, { redirectUri, state: 's' });
    const { code } = await followAuthorization(request.url);
    await expect(
      exchangeCode({ ...config, clientSecret: 'wrong' }, { code, redirectUri, codeVerifier: request.codeVerifier }),
    ).rejects.toMatchObject({
      name: 'OAuthRefused',
      error: 'invalid_client',
      status: 401,
    });
    const basic = { ...config, clientAuthentication: 'client_secret_basic' as const };
    expect((await connect(basic)).tokens.accessToken).toEqual(expect.any(String));
  });
});

describe('refreshTokens', () => {
  it('gets a new access token from the refresh token and keeps the refresh token the server did not replace', async () => {
    const { tokens } = await connect();
    now += 3600_000;
    try {
      expect(needsRefresh(tokens, clock())).toBe(true);
      expect(fake.accessTokenState(tokens.accessToken)).toBe('expired');
      const refreshed = await refreshTokens(config, tokens, { now: clock });
      expect(refreshed.accessToken).not.toBe(tokens.accessToken);
      expect(refreshed.refreshToken).toBe(tokens.refreshToken);
      expect(refreshed.expiresAt).toBe(new Date(now + 3600_000).toISOString());
      expect(fake.accessTokenState(refreshed.accessToken)).toBe('valid');
      expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    } finally {
      now -= 3600_000;
    }
  });

  it('answers OAuthRefused (reconnect) when the grant was revoked, and without a refresh token', async () => {
    const { tokens } = await connect();
    fake.revokeGrants();
    await expect(refreshTokens(config, tokens)).rejects.toMatchObject({ name: 'OAuthRefused', error: 'invalid_grant', status: 400 });
    const { refreshToken: _gone, ...accessOnly } = tokens;
    await expect(refreshTokens(config, accessOnly)).rejects.toBeInstanceOf(OAuthRefused);
  });

  it('answers OAuthUnavailable (retryable) for a 503, a 429 and a server that does not answer', async () => {
    const { tokens } = await connect();
    fake.failTokenRequests(503);
    await expect(refreshTokens(config, tokens)).rejects.toMatchObject({ name: 'OAuthUnavailable', status: 503 });
    fake.failTokenRequests(429);
    await expect(refreshTokens(config, tokens)).rejects.toBeInstanceOf(OAuthUnavailable);
    const down = await startLoopbackServer(() => ({ status: 200 }));
    await down.close();
    await expect(refreshTokens({ ...config, tokenEndpoint: `${down.origin}/token` }, tokens)).rejects.toMatchObject({
      name: 'OAuthUnavailable',
      message: 'refreshing the access token: the server could not be reached',
    });
    // After the outage the same tokens refresh.
    expect((await refreshTokens(config, tokens)).accessToken).toEqual(expect.any(String));
  });
});

describe('revokeTokens', () => {
  it('revokes the refresh token, after which it no longer refreshes; a second revocation is not an error', async () => {
    const { tokens } = await connect();
    await revokeTokens(config, tokens);
    expect(fake.revoked).toContain(tokens.refreshToken);
    await expect(refreshTokens(config, tokens)).rejects.toMatchObject({ name: 'OAuthRefused', error: 'invalid_grant' });
    await expect(revokeTokens(config, { ...tokens, refreshToken: 'never-issued' })).resolves.toBeUndefined();
  });

  it("calls HubSpot's style as DELETE <endpoint>/<refresh token>: it then no longer refreshes, its access token still valid", async () => {
    let unavailable = false;
    const hubspot = await startLoopbackServer((request) => {
      const token = /^\/oauth\/v1\/refresh-tokens\/([^/]+)$/.exec(request.url.pathname)?.[1];
      if (request.method !== 'DELETE' || !token) return { status: 405 };
      if (unavailable) return { status: 503, body: { status: 'error', category: 'INTERNAL_ERROR' } };
      return fake.deleteRefreshToken(decodeURIComponent(token)) ? { status: 204 } : { status: 404, body: { category: 'OBJECT_NOT_FOUND' } };
    });
    try {
      const deleting: OAuthClientConfig = {
        ...config,
        revocationEndpoint: `${hubspot.origin}/oauth/v1/refresh-tokens`,
        revocationStyle: 'delete-refresh-token',
      };
      const { tokens } = await connect();
      unavailable = true;
      await expect(revokeTokens(deleting, tokens)).rejects.toMatchObject({ name: 'OAuthUnavailable', status: 503 });
      unavailable = false;
      await revokeTokens(deleting, tokens);
      expect(
        hubspot.requests.slice(1).map((request) => [request.method, request.url.pathname, request.body, request.headers.authorization]),
      ).toEqual([['DELETE', `/oauth/v1/refresh-tokens/${encodeURIComponent(tokens.refreshToken!)}`, '', undefined]]);
      await expect(refreshTokens(config, tokens)).rejects.toMatchObject({ name: 'OAuthRefused', error: 'invalid_grant' });
      expect(fake.accessTokenState(tokens.accessToken)).toBe('valid');
      // Not confirmed: a token HubSpot does not know, and an account with no refresh token to name.
      await expect(revokeTokens(deleting, tokens)).rejects.toMatchObject({ name: 'OAuthRefused', status: 404 });
      const { refreshToken: _none, ...accessOnly } = tokens;
      await expect(revokeTokens(deleting, accessOnly)).rejects.toBeInstanceOf(OAuthRefused);
      expect(hubspot.requests).toHaveLength(3);
    } finally {
      await hubspot.close();
    }
  });

  it('does nothing where the provider has no revocation endpoint', async () => {
    const { tokens } = await connect();
    const before = server.requests.length;
    const { revocationEndpoint: _none, ...withoutRevocation } = config;
    await revokeTokens(withoutRevocation, tokens);
    expect(server.requests.length).toBe(before);
  });
});

describe('needsRefresh', () => {
  it('is true within the skew before expiry, and for an unreadable expiry', () => {
    const tokens = { accessToken: 'a', expiresAt: '2026-11-30T10:00:00.000Z' };
    expect(needsRefresh(tokens, new Date('2026-11-30T09:58:59Z'))).toBe(false);
    expect(needsRefresh(tokens, new Date('2026-11-30T09:59:00Z'))).toBe(true);
    expect(needsRefresh(tokens, new Date('2026-11-30T09:58:00Z'), 120)).toBe(true);
    expect(needsRefresh({ ...tokens, expiresAt: 'soon' }, new Date('2026-11-30T09:00:00Z'))).toBe(true);
  });
});

describe('retryAfterSeconds', () => {
  it('reads delta-seconds and an HTTP-date (relative to the clock), and nothing else', () => {
    const at = new Date('2026-11-30T09:00:00Z');
    expect(retryAfterSeconds('7', at)).toBe(7);
    expect(retryAfterSeconds('Mon, 30 Nov 2026 09:00:30 GMT', at)).toBe(30);
    expect(retryAfterSeconds('Mon, 30 Nov 2026 08:00:00 GMT', at)).toBe(0);
    expect(retryAfterSeconds('soon', at)).toBeNull();
    expect(retryAfterSeconds(null, at)).toBeNull();
  });
});
