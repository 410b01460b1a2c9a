// The landing page's social proof (testimonials, customer logos, customer figures, the tier
// marked most popular): only what the deployer supplies, in a JSON file named by
// MEETFLOW_SOCIAL_PROOF, read and checked once at start-up. Without the file there is none, and
// the landing page shows no such section: Meetflow never makes up customers.
import { readFileSync } from 'node:fs';
import { TIERS } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { z } from 'zod';

/** A short text: trimmed, not empty, at most `max` characters. */
const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);

/**
 * A logo image the page's Content-Security-Policy lets load (`img-src 'self' data:`): a path on
 * this site to an image file (e.g. `/logos/acme.svg`, put in ui/public/logos/ before the UI is
 * built), or a base64 data URI of a PNG, JPEG, GIF, WebP or SVG image.
 */
const IMAGE =
  /^(\/(?!\/)(?!.*\.\.)[\w./-]+\.(png|jpe?g|gif|webp|svg)|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2})$/;

export const Testimonial = z.strictObject({
  quote: text(600).meta({ description: 'What they said, in their words' }),
  name: text(80).meta({ description: 'Who said it: a real person who agreed to be quoted' }),
  role: text(80).optional().meta({ description: 'Their job title' }),
  company: text(80).optional().meta({ description: 'Their company' }),
});

export const CustomerLogo = z.strictObject({
  name: text(80).meta({ description: "The customer's name: the image's text alternative, or shown as text when there is no image" }),
  image: z
    .string()
    .max(200_000, 'must be at most 200,000 characters')
    .regex(IMAGE, 'must be a path on this site to an image file (/logos/acme.svg) or a base64 data:image/… URI')
    .optional()
    .meta({ description: 'A path on this site to the image (`/logos/acme.svg`), or a base64 `data:image/…` URI' }),
});

export const CustomerFigure = z.strictObject({
  value: text(16).meta({ description: 'The figure as shown, e.g. "150+"' }),
  label: text(80).meta({ description: 'What it counts, e.g. "companies use Meetflow"' }),
  source: text(200).optional().meta({ description: 'How the deployer knows it, shown beneath it' }),
});

/** What GET /api/landing-page/social-proof answers: each list empty, and no tier marked, unless the deployer supplied them. */
export const SocialProofResponse = z.object({
  testimonials: z.array(Testimonial).max(6),
  logos: z.array(CustomerLogo).max(12),
  figures: z.array(CustomerFigure).max(6),
  mostPopularTier: z
    .enum(TIERS)
    .nullable()
    .meta({ description: 'The pricing tier the landing page marks "Most Popular"; null: none is marked' }),
});
export type SocialProof = z.output<typeof SocialProofResponse>;

/** The deployer's file: every part optional, no key the page does not show (a misspelt one is refused, not ignored). */
const SocialProofFile = z.strictObject({
  testimonials: z.array(Testimonial).max(6, 'at most 6 testimonials').default([]),
  logos: z.array(CustomerLogo).max(12, 'at most 12 logos').default([]),
  figures: z.array(CustomerFigure).max(6, 'at most 6 figures').default([]),
  mostPopularTier: z.enum(TIERS).nullable().default(null),
});

/** None: what the landing page has unless the deployer supplies some. */
export const NO_SOCIAL_PROOF: SocialProof = { testimonials: [], logos: [], figures: [], mostPopularTier: null };

/** The file named by MEETFLOW_SOCIAL_PROOF cannot be read or is not valid; the message names the file and each problem. */
export class SocialProofError extends Error {
  override name = 'SocialProofError';
}

/**
 * The social proof in `file` (a JSON file, see README, Configuration), or none without a file.
 * Throws a SocialProofError naming the file and every problem (where, and what is wrong), so a
 * bad file stops start-up instead of showing half of it.
 */
export function loadSocialProof(file: string | null | undefined): SocialProof {
  if (!file) return NO_SOCIAL_PROOF;
  const problem = (detail: string) => new SocialProofError(`MEETFLOW_SOCIAL_PROOF (${file}): ${detail}`);
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    throw problem(`cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw problem(`is not JSON: ${(error as Error).message}`);
  }
  const parsed = SocialProofFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(the file)'}: ${issue.message}`);
    throw problem(`is not valid social proof:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
