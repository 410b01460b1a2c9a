import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import { IcpAnalysis } from './schemas.ts';

export { IcpAnalysis, IcpCriteria, IcpSlice } from './schemas.ts';

/** Customer URLs per analysis (spec §9). */
export const MIN_URLS = 3;
export const MAX_URLS = 10;
/** The UI's own words for too few URLs (spec §5), sent back as the whole 400 body. */
export const TOO_FEW_URLS = `Please provide at least ${MIN_URLS} customer URLs for analysis`;

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * POST /api/superagent/analyze-icp: 3 to 10 http(s) customer URLs. Blank entries (the UI's
 * empty fields) are dropped and repeats counted once before the limits apply.
 */
export const AnalyzeIcpBody = z.object({
  urls: z
    .array(z.string({ error: 'each URL must be a string' }), { error: 'must be a list of customer URLs' })
    .describe(`${MIN_URLS} to ${MAX_URLS} customer web sites, http(s); blank entries and repeats are not counted.`)
    .transform((urls) => [...new Set(urls.map((url) => url.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().refine(isHttpUrl, { error: (issue) => `Not an http(s) URL: ${String(issue.input)}` }))
        .min(MIN_URLS, TOO_FEW_URLS)
        .max(MAX_URLS, `At most ${MAX_URLS} customer URLs can be analysed at once`),
    ),
});

/** GET /api/icp/sample-sites: the bundled sample customer sites, ready to paste into the builder. */
export const SampleSitesResponse = z.object({
  urls: z.array(z.string()).describe('The sample customer sites served with the app (empty when no sample server is configured).'),
});

/**
 * Parses the body, answering in the UI's words: the limits and bad URLs are stated as they are
 * (the 400 body is exactly "Please provide at least 3 customer URLs for analysis" for too few),
 * any other problem names its field.
 */
export function parseAnalyzeIcpBody(body: unknown): z.infer<typeof AnalyzeIcpBody> {
  const parsed = AnalyzeIcpBody.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const own = (issue: z.core.$ZodIssue) => issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'custom';
  const messages = parsed.error.issues.map((issue) =>
    own(issue) ? issue.message : `${issue.path.join('.') || '(body)'}: ${issue.message}`,
  );
  throw new InputError([...new Set(messages)].join('; '));
}

/** 200 of both ICP routes. */
export const IcpResponse = IcpAnalysis;
