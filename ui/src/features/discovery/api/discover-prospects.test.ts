import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { discoverProspects } from './discover-prospects.ts';

const request = {
  icpCriteria: { industry: ['SaaS'], companySize: '', jobTitles: ['VP Sales'], techStack: [], painPoints: [], revenue: '' },
  sources: ['crunchbase' as const],
};
const answer = (status: number, body: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('discoverProspects', () => {
  it('posts the criteria and sources as JSON and returns a successful answer', async () => {
    const body = { success: true, prospects: [], totalFound: 0, confidence: 0.5, error: null, sample: false, notes: 'n' };
    answer(200, JSON.stringify(body));
    await expect(discoverProspects(request)).resolves.toEqual(body);
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/superagent/discover-prospects');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(request) });
  });

  it("throws the API's error when no source could be searched (success false)", async () => {
    answer(
      200,
      JSON.stringify({
        success: false,
        prospects: [],
        totalFound: 0,
        confidence: 0,
        error: 'Crunchbase rejected the API key',
        sample: false,
        notes: '',
      }),
    );
    await expect(discoverProspects(request)).rejects.toThrow('Crunchbase rejected the API key');
  });

  it('throws STATUS: body text for a refused request', async () => {
    answer(400, 'Invalid request: sources: choose at least one source');
    const failure = await discoverProspects(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('400: Invalid request: sources: choose at least one source');
  });
});
