import { z } from 'zod';
import { NotFoundError } from '../../../core/errors.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { recordOutcome, type OutcomesDb } from '../../insights/services.ts';
import { mailLinkModels, readMailLink } from './mail-links.ts';
import { readOpenPixelToken, type OpenSubject } from './open-tracking.ts';

/** What the open-tracking route is built over. */
export interface OpenTrackingDeps {
  db: OutcomesDb & ReturnType<typeof mailLinkModels>;
  secrets: Secrets;
}

// No length limit of its own: whatever the path holds, an id that names no pixel is the one 404.
const TokenParams = z.object({
  token: z.string().min(1).describe("The opaque id at the end of a tracked email's pixel URL (or an older email's signed token)"),
});
const INVALID = 'This open-tracking link is not valid: it was cut short or altered, or another Meetflow made it.';

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Records that an email was opened: one `opened` outcome per (sequence, step), however often its
 * pixel is fetched (mail clients fetch it again on every view, and some on delivery).
 */
export async function recordOpen(db: OutcomesDb, subject: OpenSubject, at = new Date()): Promise<{ recorded: boolean }> {
  const { workspaceId, prospectId, sequenceId, step } = subject;
  return recordOutcome(db, { workspaceId, eventId: `opened-${sequenceId}-${step}`, type: 'opened', at, prospectId, step });
}

/** An older email's signed pixel token (emails already sent still load it); null for anything else. */
const legacySubject = (secrets: Secrets, token: string): OpenSubject | null =>
  token.includes('.') && 'seal' in secrets ? readOpenPixelToken(secrets, token) : null;

/** /api/o/{token}: the open-tracking pixel of an email sent with `sending.trackOpens` on (public: mail clients fetch it). */
export const openTrackingRoutes = [
  route<OpenTrackingDeps>(
    {
      method: 'get',
      path: '/api/o/{token}',
      access: 'public',
      tags: ['sending'],
      params: TokenParams,
      summary: "A tracked email's 1×1 pixel: records the email opened (once per sequence step) and answers a transparent GIF",
      responses: {
        200: {
          description: 'A 1×1 transparent GIF, never cached (so each view asks again; only the first counts)',
          schema: z.string(),
          contentType: 'image/gif',
        },
        404: { description: INVALID },
      },
    },
    ({ db, secrets }) =>
      async (ctx) => {
        const { token } = TokenParams.parse(ctx.params);
        const subject = (await readMailLink(db, 'open', token)) ?? legacySubject(secrets, token);
        if (!subject) throw new NotFoundError(INVALID);
        await recordOpen(db, subject);
        ctx.set('Cache-Control', 'no-store');
        ctx.type = 'image/gif';
        ctx.body = PIXEL;
      },
  ),
];

export const openTrackingRouter = (deps: OpenTrackingDeps) => routerOf(openTrackingRoutes, deps);
