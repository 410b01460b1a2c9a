import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setSessionEndedHandler } from './api-client.ts';
import { setMemberWorkspaces } from './workspace.ts';

const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndedHandler(() => {});
  setMemberWorkspaces(null);
});

describe('apiRequest', () => {
  it('names the current workspace on every call once someone is signed in, but not on /api/auth', async () => {
    setMemberWorkspaces(['default']);
    answer(200, '[]');
    await apiRequest('/api/prospects');
    await apiRequest('/api/auth/me');
    expect(vi.mocked(fetch).mock.calls.map(([path]) => path)).toEqual(['/api/prospects?workspace=default', '/api/auth/me']);
  });

  it('reports an ended session for a 401 of any route outside /api/auth, and still throws', async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    answer(401, JSON.stringify({ error: 'Not signed in.' }), { 'content-type': 'application/json' });
    await expect(apiRequest('/api/prospects')).rejects.toMatchObject({ status: 401, text: 'Not signed in.' });
    expect(ended).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    await expect(apiRequest('/api/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("reads a refusal's fields and its Retry-After", async () => {
    answer(429, JSON.stringify({ error: 'Too many failed sign-in attempts. Try again in 15 minutes.' }), { 'retry-after': '900' });
    const limited = (await apiRequest('/api/auth/login').catch((error: unknown) => error)) as ApiError;
    expect(limited).toMatchObject({
      status: 429,
      text: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterSeconds: 900,
    });
    answer(400, JSON.stringify({ error: 'Invalid request', fields: { email: 'must be an email address' } }));
    const invalid = (await apiRequest('/api/auth/signup').catch((error: unknown) => error)) as ApiError;
    expect(invalid).toMatchObject({ fields: { email: 'must be an email address' }, retryAfterSeconds: null });
  });
});
