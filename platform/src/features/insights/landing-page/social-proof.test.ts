import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { repoRoot } from '../../../core/paths.ts';
import Koa from 'koa';
import { pino } from 'pino';
import { authentication } from '../../../core/http/access-check.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { landingPageRouter } from './routes.ts';
import { loadSocialProof, NO_SOCIAL_PROOF, SocialProofError, SocialProofResponse } from './social-proof.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'social-proof-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `content` (JSON unless a string) in the test's folder. */
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const SUPPLIED = {
  testimonials: [
    { quote: 'It booked our first five meetings in a week.', name: 'Ada Lovelace', role: 'Head of Sales', company: 'Engine Co' },
  ],
  logos: [{ name: 'Engine Co', image: '/logos/engine-co.svg' }, { name: 'Textual Ltd' }],
  figures: [{ value: '12', label: 'teams use it', source: 'our customer list, March' }],
  mostPopularTier: 'standard',
};

describe("the landing page's social proof", () => {
  it('is none without a file: no testimonials, logos, figures or tier marked', () => {
    expect(loadSocialProof(null)).toEqual({ testimonials: [], logos: [], figures: [], mostPopularTier: null });
    expect(loadSocialProof(undefined)).toEqual(NO_SOCIAL_PROOF);
    expect(loadConfig({}).socialProofFile).toBeNull();
  });

  it("is the deployer's file, its parts optional; a relative path is read from the repository root", () => {
    expect(loadSocialProof(file('full.json', SUPPLIED))).toEqual(SUPPLIED);
    expect(loadSocialProof(file('quotes.json', { testimonials: SUPPLIED.testimonials }))).toEqual({
      ...NO_SOCIAL_PROOF,
      testimonials: SUPPLIED.testimonials,
    });
    const dataUri = 'data:image/png;base64,iVBORw0KGgo=';
    expect(loadSocialProof(file('data-uri.json', { logos: [{ name: 'Inline', image: dataUri }] })).logos).toEqual([
      { name: 'Inline', image: dataUri },
    ]);
    expect(loadConfig({ MEETFLOW_SOCIAL_PROOF: 'deploy/social-proof.json' }).socialProofFile).toBe(
      join(repoRoot, 'deploy/social-proof.json'),
    );
  });

  it('refuses a file it cannot read, or that is not JSON, naming the variable and the file', () => {
    const missing = join(dir, 'missing.json');
    expect(() => loadSocialProof(missing)).toThrow(new SocialProofError(`MEETFLOW_SOCIAL_PROOF (${missing}): cannot be read: ENOENT`));
    expect(() => loadSocialProof(file('broken.json', '{"testimonials": ['))).toThrow(
      /^MEETFLOW_SOCIAL_PROOF \(.*broken\.json\): is not JSON: /,
    );
  });

  it('refuses a file with any bad part, naming each problem where it is, rather than showing some of it', () => {
    const bad = file('bad.json', {
      testimonials: [
        { quote: '  ', name: 'Ada' },
        { quote: 'Fine.', role: 'CTO' },
      ],
      logos: [
        { name: 'Far away', image: 'https://cdn.example/logo.png' },
        { name: 'Up', image: '/../secrets.svg' },
      ],
      figures: [{ value: '150+', label: 'companies', trusted: true }],
      mostPopularTier: 'gold',
      testimonals: [],
    });
    let message = '';
    try {
      loadSocialProof(bad);
    } catch (error) {
      expect(error).toBeInstanceOf(SocialProofError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      `MEETFLOW_SOCIAL_PROOF (${bad}): is not valid social proof:`,
      '  testimonials.0.quote: must not be empty',
      '  testimonials.1.name: is required',
      '  logos.0.image: must be a path on this site to an image file (/logos/acme.svg) or a base64 data:image/… URI',
      '  logos.1.image: must be a path on this site to an image file (/logos/acme.svg) or a base64 data:image/… URI',
      '  figures.0: Unrecognized key: "trusted"',
      '  mostPopularTier: Invalid option: expected one of "volume"|"standard"|"premium"',
      '  (the file): Unrecognized key: "testimonals"',
    ]);
    expect(() => loadSocialProof(file('many.json', { figures: Array.from({ length: 7 }, () => ({ value: '1', label: 'x' })) }))).toThrow(
      'figures: at most 6 figures',
    );
    expect(() => loadSocialProof(file('array.json', []))).toThrow(/is not valid social proof:\n {2}\(the file\): /);
  });

  it('is served as supplied to a visitor nobody signed in, with or without ?workspace=, and only read', async () => {
    const app = new Koa();
    app.silent = true;
    app.use(errorMiddleware(pino({ level: 'silent' })));
    app.use(authentication(async () => null)); // nobody is signed in
    const router = landingPageRouter(loadSocialProof(file('served.json', SUPPLIED)));
    app.use(router.routes()).use(router.allowedMethods());
    const served = await serveForTest(app);
    try {
      for (const query of ['', '?workspace=default']) {
        const answer = await fetch(`${served.url}/api/landing-page/social-proof${query}`);
        expect(answer.status, query).toBe(200);
        expect(SocialProofResponse.parse(await answer.json())).toEqual(SUPPLIED);
      }
      const unknown = await fetch(`${served.url}/api/landing-page/social-proof?tier=gold`);
      expect([unknown.status, await unknown.text()]).toEqual([400, expect.stringContaining('tier: not a query parameter of this route')]);
      const written = await fetch(`${served.url}/api/landing-page/social-proof`, { method: 'POST', body: '{}' });
      expect(written.status).toBe(405);
    } finally {
      await served.close();
    }
  });
});
