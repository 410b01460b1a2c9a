import { Schema, type Connection, type Model } from 'mongoose';
import { TLS_MODES, type TlsMode } from '@meetflow/plugin-sdk/contracts/channel';
import type { SealedSecret } from '../../../core/secrets-box.ts';

// How the connection to a mail server is secured (the channel contract's modes; IMAP reading uses the same).
export { TLS_MODES, type TlsMode };

export const MAILBOX_STATUSES = ['active', 'paused'] as const;

/** A workspace's sending mailbox: who its emails are from, and the SMTP server that sends them. */
export interface Mailbox {
  workspaceId: string;
  /** Names the mailbox in the API: 16 hex characters. */
  publicId: string;
  fromName: string;
  /** Lowercased; unique in the workspace. */
  fromAddress: string;
  signature: string;
  smtp: { host: string; port: number; tls: TlsMode; user: string };
  /** Where replies are read over IMAP (the SMTP login and password are used); null: they are not. */
  imap: { host: string; port: number; tls: TlsMode } | null;
  /** How far IMAP reading got: the folder's UIDVALIDITY and the last UID read, and the last check. */
  inbox: InboxState | null;
  /** The SMTP password, only ever stored sealed (AES-256-GCM, core/secrets-box.ts), bound to this mailbox (mailbox-password.ts). */
  password: SealedSecret;
  status: (typeof MAILBOX_STATUSES)[number];
  /** Why it is paused (e.g. too many bounces); null while active. */
  pausedReason: string | null;
  /** The most emails it sends a day (warm-up counts from createdAt). */
  dailyCap: number;
  /** The last Test connection: when, whether the server accepted the settings, and why not (a MAIL_FAILURE_REASONS reason). */
  lastTest: { at: Date; ok: boolean; error: string | null } | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The IMAP reading's progress on one mailbox. */
export interface InboxState {
  /** The INBOX's UIDVALIDITY when lastUid was read (a new one means the UIDs were renumbered). */
  uidValidity: string | null;
  /** Every message up to this UID has been read. */
  lastUid: number;
  lastCheckAt: Date | null;
  /** Why the last check failed (a MAIL_FAILURE_REASONS reason, or why the password cannot be used); null when it worked. */
  lastError: string | null;
  /** Replies and bounces read so far. */
  received: number;
}

const SealedSecretSchema = new Schema<SealedSecret>(
  {
    v: { type: Number, enum: [2] }, // 2: bound to its mailbox; left out by passwords sealed before that
    keyId: { type: String, required: true },
    iv: { type: String, required: true },
    tag: { type: String, required: true },
    ciphertext: { type: String, required: true },
  },
  { _id: false },
);

const MailboxSchema = new Schema<Mailbox>(
  {
    workspaceId: { type: String, required: true },
    publicId: { type: String, required: true },
    fromName: { type: String, required: true },
    fromAddress: { type: String, required: true, lowercase: true, trim: true },
    signature: { type: String, default: '' },
    smtp: {
      host: { type: String, required: true },
      port: { type: Number, required: true, min: 1, max: 65_535 },
      tls: { type: String, enum: TLS_MODES, required: true },
      user: { type: String, required: true },
    },
    imap: {
      type: new Schema(
        {
          host: { type: String, required: true },
          port: { type: Number, required: true, min: 1, max: 65_535 },
          tls: { type: String, enum: TLS_MODES, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    inbox: {
      type: new Schema(
        {
          uidValidity: { type: String, default: null },
          lastUid: { type: Number, default: 0 },
          lastCheckAt: { type: Date, default: null },
          lastError: { type: String, default: null },
          received: { type: Number, default: 0 },
        },
        { _id: false },
      ),
      default: null,
    },
    password: { type: SealedSecretSchema, required: true },
    status: { type: String, enum: MAILBOX_STATUSES, default: 'active' },
    pausedReason: { type: String, default: null },
    dailyCap: { type: Number, default: 30, min: 1 },
    lastTest: {
      type: new Schema({ at: Date, ok: Boolean, error: { type: String, default: null } }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);
MailboxSchema.index({ workspaceId: 1, publicId: 1 }, { unique: true });
MailboxSchema.index({ workspaceId: 1, fromAddress: 1 }, { unique: true });

/** Registers the mailbox model on a connection (once); collection `mailboxes`. */
export function mailboxModels(connection: Connection) {
  return {
    mailboxes:
      (connection.models.Mailbox as Model<Mailbox> | undefined) ?? connection.model<Mailbox>('Mailbox', MailboxSchema, 'mailboxes'),
  };
}
export type MailboxDb = ReturnType<typeof mailboxModels>;
