import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { recordOutcome, type OutcomesDb } from '../../insights/services.ts';
import { signalSequence } from '../sequences/control.ts';
import { escapeHtml } from './html-escape.ts';
import { readMailLink } from './mail-links.ts';
import { suppress } from '../suppressions/suppression.ts';
import { readUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.ts';

/** What the unsubscribe routes are built over. */
export interface UnsubscribeDeps {
  db: Pick<Models, 'suppressions' | 'mailLinks' | 'sequenceDirectory'> & OutcomesDb;
  temporal: Client;
  secrets: Secrets;
}

// Like the open pixel's: whatever the path holds, an id nobody stored (guessed, altered, cut short, garbage) names nothing, a 404.
const TokenParams = z.object({
  token: z.string().min(1).describe("The opaque id at the end of an email's unsubscribe link (or an older email's signed token)"),
});
const INVALID = 'This unsubscribe link is not valid (it may have been cut short when copied).';

/**
 * One-click unsubscribe: the address is suppressed for the whole workspace at once, the
 * prospect's sequence stops, and it is an outcome event. Idempotent: the same link twice changes
 * nothing more.
 */
export async function unsubscribe(deps: UnsubscribeDeps, subject: UnsubscribeSubject, at = new Date()): Promise<void> {
  const { workspaceId, prospectId, email } = subject;
  await suppress(deps.db, workspaceId, email, 'unsubscribed');
  await recordOutcome(deps.db, { workspaceId, eventId: `unsubscribed-${email}`, type: 'unsubscribed', at, prospectId });
  await signalSequence(deps, workspaceId, prospectId, 'unsubscribe', { reason: 'unsubscribed' }); // none running: suppressed is enough
}

/**
 * Who the link is for: the stored link of that id, or, for an email sent before links became
 * opaque, the subject its signed token names (signed, so nobody can make one for another address).
 */
async function subjectOf({ db, secrets }: UnsubscribeDeps, token: string): Promise<UnsubscribeSubject> {
  const link = await readMailLink(db, 'unsubscribe', token);
  const subject = link ?? (token.includes('.') && 'seal' in secrets ? readUnsubscribeToken(secrets, token) : null);
  if (!subject) throw new NotFoundError(INVALID);
  return { workspaceId: subject.workspaceId, prospectId: subject.prospectId, email: subject.email };
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${title}</h1>${body}</body></html>`;

/** /api/unsubscribe/{token}: the link in every email (public: whoever holds the link may use it). */
export const unsubscribeRoutes = [
  route<UnsubscribeDeps>(
    {
      method: 'post',
      path: '/api/unsubscribe/{token}',
      access: 'public',
      tags: ['sending'],
      params: TokenParams,
      summary: 'One-click unsubscribe (RFC 8058): suppress the address and stop the sequence; the same link again is a no-op',
      responses: {
        200: { description: 'Unsubscribed', schema: z.object({ unsubscribed: z.literal(true) }) },
        404: { description: `${INVALID} (guessed, altered, cut short, or not made by this server)` },
      },
    },
    (deps) => async (ctx) => {
      await unsubscribe(deps, await subjectOf(deps, TokenParams.parse(ctx.params).token));
      ctx.body = { unsubscribed: true };
    },
  ),
  route<UnsubscribeDeps>(
    {
      method: 'get',
      path: '/api/unsubscribe/{token}',
      access: 'public',
      tags: ['sending'],
      params: TokenParams,
      summary: 'The page the footer link opens: a button that unsubscribes (a GET never does, so link scanners cannot)',
      responses: {
        200: {
          description: 'An HTML page with the button (or saying the address is unsubscribed)',
          schema: z.string(),
          contentType: 'text/html',
        },
        404: { description: `${INVALID} (guessed, altered, cut short, or not made by this server)` },
      },
    },
    (deps) => async (ctx) => {
      const { token } = TokenParams.parse(ctx.params);
      const subject = await subjectOf(deps, token);
      const suppressed = await deps.db.suppressions.findOne({ workspaceId: subject.workspaceId, email: subject.email }).lean();
      ctx.type = 'html';
      ctx.body = suppressed
        ? page('You are unsubscribed', `<p>${escapeHtml(subject.email)} will not receive these emails again.</p>`)
        : page(
            'Unsubscribe',
            `<p>Stop emails to ${escapeHtml(subject.email)}?</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
              `<button type="submit" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form>`,
          );
    },
  ),
];

export const unsubscribeRouter = (deps: UnsubscribeDeps) => routerOf(unsubscribeRoutes, deps);
