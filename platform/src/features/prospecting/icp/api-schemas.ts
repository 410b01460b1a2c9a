import { z } from 'zod';
import { InputError } from '../../../core/errors.ts';
import { IcpAnalysis } from './schemas.ts';

export { IcpAnalysis, IcpCriteria, IcpSlice } from './schemas.ts';

/** Customer URLs per analysis (spec §9). */
export const MIN_URLS = 3;
export const MAX_URLS = 10;
/** The UI's own words for too few URLs (spec §5), sent back as the whole 400 body. */
export const TOO_FEW_URLS = `Please provide at least ${MIN_URLS} customer URLs for analysis`;

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

// An http(s) address as the document shows it: a host name or IPv4 address, a port that can be
// one, then anything printable. Every string it matches is a URL to the WHATWG parser too (the
// refinement below stays as a guard), so a request the document allows is not refused.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST_NAME = `(?:${LABEL}\\.)*[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`;
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = `(?:${OCTET}\\.){3}${OCTET}`;
const PORT = '(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?';
export const HTTP_URL = new RegExp(`^https?://(?:${HOST_NAME}|${IPV4})${PORT}(?:[/?#][^\\x00-\\x20\\x7f]*)?$`);

const notAUrl = (issue: { input?: unknown }) => `Not an http(s) URL: ${String(issue.input)}`;

/**
 * POST /api/superagent/analyze-icp: 3 to 10 distinct http(s) customer URLs, each written out in
 * full (the UI sends its filled fields trimmed). The document states each limit, so what it
 * allows is analysed and what it does not is a 400 naming the problem.
 */
export const AnalyzeIcpBody = z.object({
  urls: z
    .array(z.string({ error: 'each URL must be a string' }).regex(HTTP_URL, { error: notAUrl }).refine(isHttpUrl, { error: notAUrl }), {
      error: 'must be a list of customer URLs',
    })
    .min(MIN_URLS, TOO_FEW_URLS)
    .max(MAX_URLS, `At most ${MAX_URLS} customer URLs can be analysed at once`)
    // Repeats that leave fewer than MIN_URLS distinct sites get the spec's message for too few.
    .refine((urls) => new Set(urls).size === urls.length, {
      error: (issue) =>
        new Set(issue.input as string[]).size < MIN_URLS ? TOO_FEW_URLS : 'Each customer URL once: a repeated one is not another customer',
    })
    .meta({
      uniqueItems: true,
      description: `${MIN_URLS} to ${MAX_URLS} distinct customer web sites, http(s), each a full address with no spaces around it.`,
    }),
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
  const own = (issue: z.core.$ZodIssue) => ['too_small', 'too_big', 'custom', 'invalid_format'].includes(issue.code);
  const messages = parsed.error.issues.map((issue) =>
    own(issue) ? issue.message : `${issue.path.join('.') || '(body)'}: ${issue.message}`,
  );
  throw new InputError([...new Set(messages)].join('; '));
}

/** 200 of the ICP routes. */
export const IcpResponse = IcpAnalysis;

/** A criterion list a person edits: each item trimmed, blanks and repeats (any case) dropped. */
const editedList = (item: string) =>
  z
    .array(z.string({ error: `each ${item} must be a string` }).max(200, 'items must be at most 200 characters'), {
      error: `must be a list of ${item}s`,
    })
    .max(50, 'at most 50 items')
    .transform((items) => {
      const seen = new Set<string>();
      return items
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '' && !seen.has(entry.toLowerCase()) && Boolean(seen.add(entry.toLowerCase())));
    });
const atLeastOne = (item: string) =>
  editedList(item).refine((items) => items.length > 0, { error: `keep at least one ${item}: discovery searches by it` });

/** Body of PATCH /api/icp/slices/{index}: the criteria a person changed; what is left out stays as it is. */
export const EditSliceBody = z.strictObject({
  industry: atLeastOne('industry').optional().describe('Industries of the slice (at least one)'),
  jobTitles: atLeastOne('job title').optional().describe('Buyer titles discovery looks for (at least one)'),
  techStack: editedList('technology').optional().describe('Technologies the companies use'),
  painPoints: editedList('pain point').optional().describe("Problems the customers' buyers have"),
});

export const SliceParams = z.object({
  index: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .describe("The slice, from 0 in the ICP's order"),
});
