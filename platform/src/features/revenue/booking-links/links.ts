import { createHash, randomBytes } from 'node:crypto';
import { ACROSS_WORKSPACES, duplicateKeyIndexes } from '@meetflow/plugin-sdk';
import { NotFoundError } from '../../../core/errors.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import { sequenceWorkflowId } from '../../email/services.ts';
import type { BookingLink, BookingLinksDb } from './model.ts';

/** A link lives until this many days after its sequence's last planned step, or after the last email that carried it. */
export const LINK_DAYS = 30;
/** How often a prospect may move a meeting through the link (each move emails a new invitation). */
export const MAX_RESCHEDULES = 5;
const DAY_MS = 86_400_000;

/** A stored link, as read. */
export type StoredLink = BookingLink & { _id: { toString(): string } };

/** 410: the link was real, and can no longer be used (expired, used up, withdrawn). */
export class GoneError extends Error {
  override name = 'GoneError';
  readonly status = 410;
  // Read by the HTTP error mapping (toHttpError): a client error whose message is meant for the person.
  readonly expose = true;
}

export const LINK_NOT_VALID =
  'This booking link is not valid: it may have been cut short when it was copied. Open it from the email again.';
export const LINK_EXPIRED = 'This booking link has expired. Reply to the email it came in, and a new time will be found with you.';
export const LINK_REVOKED = 'This booking link was withdrawn by the sender. Reply to the email it came in to find a time.';
export const LINK_CANCELLED =
  'The meeting booked with this link was cancelled, so the link is used up. Reply to the email to find a new time.';
export const LINK_USED = 'The meeting booked with this link has taken place, so the link is used up.';

/** The tokens are HMAC-SHA256 outputs, base64url: 43 characters. Anything else names nothing, without a lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenOf = (secrets: SecretsBox, nonce: string) => secrets.mac('booking-link', nonce);

/** The page a link opens, under the public URL. */
export const bookingUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/book/${token}`;

/** What a link's sequence is: whose, and how long its planned cadence runs (the last step's day offset). */
export interface LinkSubject {
  workspaceId: string;
  prospectId: number;
  sequenceId: string;
  lastDayOffset?: number;
}

/**
 * The link of a prospect's sequence, made the first time it is asked for (at enrolment; or when an
 * email or a member needs it for a sequence started before links existed), and its token under the
 * current key. Null when this server has no secrets key (tokens cannot be made, so no link is offered).
 * A new link expires {@link LINK_DAYS} days after the sequence's last planned step.
 */
export async function issueBookingLink(
  db: BookingLinksDb,
  secrets: Secrets,
  subject: LinkSubject,
  now = new Date(),
): Promise<{ token: string; link: StoredLink } | null> {
  return (await issueBookingLinks(db, secrets, [subject], now))?.[0] ?? null;
}

/**
 * issueBookingLink for many sequences at once (a batch's enrolments), in the subjects' order: one
 * bulk upsert makes the missing links, and the links it did not make (there already, or made by a
 * concurrent call) are read back per workspace and given this key's token hash in one more bulk write.
 */
export async function issueBookingLinks(
  db: BookingLinksDb,
  secrets: Secrets,
  subjects: readonly LinkSubject[],
  now = new Date(),
): Promise<Array<{ token: string; link: StoredLink }> | null> {
  if (!('mac' in secrets)) return null;
  const made = subjects.map(({ workspaceId, sequenceId, prospectId, lastDayOffset }) => {
    const nonce = randomBytes(16).toString('hex');
    return {
      workspaceId,
      sequenceId,
      prospectId,
      nonce,
      tokenHashes: [sha256(tokenOf(secrets, nonce))],
      createdAt: now,
      expiresAt: new Date(now.getTime() + (Math.max(0, lastDayOffset ?? 0) + LINK_DAYS) * DAY_MS),
      revokedAt: null,
      meetingId: null,
      meetingStart: null,
      eventMeetingId: null,
      generation: 0,
      reschedules: 0,
      cancelledAt: null,
    };
  });
  const links: Array<StoredLink | undefined> = new Array(subjects.length);
  if (made.length > 0) {
    const upserts = made.map((link) => ({
      updateOne: { filter: { workspaceId: link.workspaceId, sequenceId: link.sequenceId }, update: { $setOnInsert: link }, upsert: true },
    }));
    try {
      const written = await db.bookingLinks.bulkWrite(upserts, { ordered: false });
      for (const [index, id] of Object.entries(written.upsertedIds)) links[Number(index)] = { ...made[Number(index)]!, _id: id };
    } catch (error) {
      if (!duplicateKeyIndexes(error)) throw error; // two issued at once: the other one's stands, read back below
    }
  }
  // The links this call did not insert: read back by their exact keys, one query per workspace.
  const missing = [...subjects.keys()].filter((index) => !links[index]);
  for (const workspaceId of new Set(missing.map((index) => subjects[index]!.workspaceId))) {
    const sequenceIds = missing.filter((index) => subjects[index]!.workspaceId === workspaceId).map((index) => subjects[index]!.sequenceId);
    const found = await db.bookingLinks.find({ workspaceId, sequenceId: { $in: sequenceIds } }).lean<StoredLink[]>();
    const bySequence = new Map(found.map((link) => [link.sequenceId, link]));
    for (const index of missing)
      if (subjects[index]!.workspaceId === workspaceId) links[index] = bySequence.get(subjects[index]!.sequenceId);
  }
  const issued = links.map((link, index) => {
    if (!link) throw new Error(`booking link of ${subjects[index]!.sequenceId} vanished right after it was written`);
    return { token: tokenOf(secrets, link.nonce), link };
  });
  // Made under another key: this key's token is added, and the ones already sent keep working.
  const rekeyed = issued.filter(({ token, link }) => !link.tokenHashes.includes(sha256(token)));
  if (rekeyed.length > 0)
    await db.bookingLinks.bulkWrite(
      rekeyed.map(({ token, link }) => ({
        updateOne: { filter: { workspaceId: link.workspaceId, _id: link._id }, update: { $addToSet: { tokenHashes: sha256(token) } } },
      })),
    );
  return issued;
}

/** The link of a prospect's sequence (there is one sequence per prospect), made if missing; null without a secrets key. */
export function prospectBookingLink(db: BookingLinksDb, secrets: Secrets, workspaceId: string, prospectId: number, now = new Date()) {
  return issueBookingLink(db, secrets, { workspaceId, prospectId, sequenceId: sequenceWorkflowId(workspaceId, prospectId) }, now);
}

/** Why a stored link can no longer be used, or null while it can. */
export function refusalOf(link: BookingLink, now = new Date()): GoneError | null {
  if (link.revokedAt) return new GoneError(LINK_REVOKED);
  if (link.cancelledAt) return new GoneError(LINK_CANCELLED);
  if (link.meetingStart && link.meetingStart.getTime() <= now.getTime()) return new GoneError(LINK_USED);
  if (!link.meetingId && link.expiresAt.getTime() <= now.getTime()) return new GoneError(LINK_EXPIRED);
  return null;
}

/** The state of a link in words a member reads. */
export function linkState(link: BookingLink, now = new Date()): 'open' | 'booked' | 'expired' | 'used' | 'revoked' {
  if (link.revokedAt) return 'revoked';
  if (link.cancelledAt || (link.meetingStart && link.meetingStart.getTime() <= now.getTime())) return 'used';
  if (link.meetingId) return 'booked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/**
 * The link a token stands for, across workspaces on purpose (the token is the only credential a
 * booking request brings, and it names the workspace); 404 for a token no link has, 410 for one
 * that can no longer be used.
 */
export async function usableLink(db: BookingLinksDb, token: string, now = new Date()): Promise<StoredLink> {
  const link = await linkOfToken(db, token);
  const refusal = refusalOf(link, now);
  if (refusal) throw refusal;
  return link;
}

/** The link a token stands for, usable or not (404 for a token no link has): usableLink without its refusals. */
export async function linkOfToken(db: BookingLinksDb, token: string): Promise<StoredLink> {
  const link = TOKEN_SHAPE.test(token)
    ? await db.bookingLinks.findOne({ tokenHashes: sha256(token) }, null, ACROSS_WORKSPACES).lean<StoredLink>()
    : null;
  if (!link) throw new NotFoundError(LINK_NOT_VALID);
  return link;
}

/**
 * The URL to put in an email offering a meeting: the prospect's link (made if missing), kept alive
 * {@link LINK_DAYS} days from now; null when it can no longer be used (withdrawn, used up) or there is no key.
 */
export async function bookingUrlForEmail(
  deps: { db: BookingLinksDb; secrets: Secrets; publicUrl: string },
  workspaceId: string,
  prospectId: number,
  now = new Date(),
): Promise<string | null> {
  const issued = await prospectBookingLink(deps.db, deps.secrets, workspaceId, prospectId, now);
  if (!issued) return null;
  const until = new Date(now.getTime() + LINK_DAYS * DAY_MS);
  await deps.db.bookingLinks.updateOne({ workspaceId, _id: issued.link._id }, { $max: { expiresAt: until } });
  const link = { ...issued.link, expiresAt: until > issued.link.expiresAt ? until : issued.link.expiresAt };
  return refusalOf(link, now) ? null : bookingUrl(deps.publicUrl, issued.token);
}

/** Withdraws the prospect's link: it opens nothing any more (a meeting it booked stays booked). 404 when the prospect has none. */
export async function revokeBookingLink(
  db: BookingLinksDb,
  workspaceId: string,
  prospectId: number,
  now = new Date(),
): Promise<StoredLink> {
  await db.bookingLinks.updateOne({ workspaceId, prospectId, revokedAt: null }, { $set: { revokedAt: now } });
  const link = await db.bookingLinks.findOne({ workspaceId, prospectId }).lean<StoredLink>();
  if (!link) throw new NotFoundError(`Prospect ${prospectId} has no booking link in this workspace`);
  return link;
}

/** Enrolment's part (composed by the worker into platform.enrollSequence): the sequences' links are made as they start. */
export const linksAtEnrolment =
  (db: BookingLinksDb, secrets: Secrets | undefined) =>
  async (sequences: readonly LinkSubject[]): Promise<void> => {
    if (secrets) await issueBookingLinks(db, secrets, sequences);
  };
