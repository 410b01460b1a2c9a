import { randomBytes } from 'node:crypto';
import { ACROSS_WORKSPACES, isDuplicateKey } from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

/** What a link in an email does: unsubscribe the address, or count the email opened (the tracking pixel). */
export const MAIL_LINK_PURPOSES = ['unsubscribe', 'open'] as const;
export type MailLinkPurpose = (typeof MAIL_LINK_PURPOSES)[number];

/**
 * A public link in one sent email: a random id in the URL, and what it stands for stored here.
 * The URL says nothing of the workspace, the prospect or the address (whoever sees it in a log,
 * a forwarded email or a Referer learns nothing), and an id nobody stored names nothing.
 */
export interface MailLink {
  workspaceId: string;
  /** The id in the URL: {@link TOKEN_BYTES} random bytes, base64url. */
  token: string;
  purpose: MailLinkPurpose;
  /** The outbox email the link is in (its `_id`): one link per email and purpose, so a retried send sends the same link. */
  outboxId: string;
  prospectId: number;
  /** The address the email went to, lowercase. */
  email: string;
  sequenceId: string;
  step: number;
  createdAt?: Date;
}

/** 24 random bytes: 192 bits nobody guesses, 32 characters in a URL. */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

const MailLinkSchema = new Schema<MailLink>(
  {
    workspaceId: { type: String, required: true },
    token: { type: String, required: true },
    purpose: { type: String, required: true, enum: MAIL_LINK_PURPOSES },
    outboxId: { type: String, required: true },
    prospectId: { type: Number, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    sequenceId: { type: String, required: true },
    step: { type: Number, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
MailLinkSchema.index({ token: 1 }, { unique: true });
MailLinkSchema.index({ workspaceId: 1, outboxId: 1, purpose: 1 }, { unique: true });

/** Registers the mail-link model (collection `mail_links`). */
export function mailLinkModels(connection: Connection) {
  return {
    mailLinks:
      (connection.models.MailLink as Model<MailLink> | undefined) ?? connection.model<MailLink>('MailLink', MailLinkSchema, 'mail_links'),
  };
}
type Db = ReturnType<typeof mailLinkModels>;

/** The email a link is made for: its outbox row, as far as a link needs it. */
export interface LinkedEmail {
  _id: unknown;
  workspaceId: string;
  prospectId: number;
  email: string;
  sequenceId: string;
  step: number;
}

/**
 * The id of the email's link for `purpose`, made on first use and the same ever after (a retried
 * send puts the same link in the same email). Idempotent without a transaction: one upsert keyed
 * by (email, purpose); when two race, the loser reads the winner's.
 */
export async function mailLinkToken(db: Db, purpose: MailLinkPurpose, email: LinkedEmail): Promise<string> {
  const key = { workspaceId: email.workspaceId, outboxId: String(email._id), purpose };
  const link = { ...key, prospectId: email.prospectId, email: email.email, sequenceId: email.sequenceId, step: email.step };
  let stored: { token: string } | null = null;
  try {
    stored = await db.mailLinks
      .findOneAndUpdate(
        key,
        { $setOnInsert: { ...link, token: randomBytes(TOKEN_BYTES).toString('base64url') } },
        { upsert: true, returnDocument: 'after', projection: { token: 1 } },
      )
      .lean();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error; // a concurrent send made it: read theirs
  }
  stored ??= await db.mailLinks.findOne(key, { token: 1 }).lean();
  if (!stored) throw new Error(`the ${purpose} link of outbox email ${key.outboxId} was not stored`);
  return stored.token;
}

/** What a link id stands for, when it is one of ours for `purpose`; null for anything else (guessed, altered, cut, another purpose). */
export async function readMailLink(db: Db, purpose: MailLinkPurpose, token: string): Promise<MailLink | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  // The id alone names the workspace: the link is public, and opened from outside any workspace.
  return db.mailLinks.findOne({ token, purpose }, null, ACROSS_WORKSPACES).lean<MailLink>();
}

const PATHS: Record<MailLinkPurpose, string> = { unsubscribe: '/api/unsubscribe/', open: '/api/o/' };

/** The link's URL under `publicUrl` (config `MEETFLOW_PUBLIC_URL`): the one format of every public link in an email. */
export const mailLinkUrl = (publicUrl: string, purpose: MailLinkPurpose, token: string): string => `${publicUrl}${PATHS[purpose]}${token}`;
