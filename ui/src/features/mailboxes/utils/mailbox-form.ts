import type { Mailbox, MailboxPatch, NewMailbox, SmtpSettings, TlsMode } from '../api/mailboxes-api.ts';

/** The Add / Edit mailbox form as typed: strings throughout, so nothing typed is lost on an error. */
export interface MailboxForm {
  fromName: string;
  fromAddress: string;
  signature: string;
  host: string;
  port: string;
  tls: TlsMode;
  user: string;
  /** Empty when editing: the stored password is kept. */
  password: string;
  dailyCap: string;
}
export type MailboxField = keyof MailboxForm;

/** What is wrong, by form field. */
export type MailboxErrors = Partial<Record<MailboxField, string>>;

/** The usual port of each TLS mode: 465 for TLS from the start, 587 for STARTTLS, 25 for none. */
export const DEFAULT_PORTS: Record<TlsMode, number> = { tls: 465, starttls: 587, none: 25 };

/** The emails a mailbox sends a day once warmed up, unless the admin sets another cap (the API's default). */
export const DEFAULT_DAILY_CAP = 30;

/** The API's limits (api-schemas.ts): ports, and the daily cap. */
const LIMITS = { port: { min: 1, max: 65_535 }, dailyCap: { min: 1, max: 10_000 } } as const;

/** A new mailbox's form: STARTTLS on 587 (what most providers ask for), a cap of 30 a day. */
export function emptyMailboxForm(): MailboxForm {
  return {
    fromName: '',
    fromAddress: '',
    signature: '',
    host: '',
    port: String(DEFAULT_PORTS.starttls),
    tls: 'starttls',
    user: '',
    password: '',
    dailyCap: String(DEFAULT_DAILY_CAP),
  };
}

/** A stored mailbox as the Edit form shows it: the password field empty (keep the stored one). */
export function formOf(mailbox: Mailbox): MailboxForm {
  return {
    fromName: mailbox.fromName,
    fromAddress: mailbox.fromAddress,
    signature: mailbox.signature,
    host: mailbox.smtp.host,
    port: String(mailbox.smtp.port),
    tls: mailbox.smtp.tls,
    user: mailbox.smtp.user,
    password: '',
    dailyCap: String(mailbox.dailyCap),
  };
}

const isDefaultPort = (port: string) => port.trim() === '' || Object.values(DEFAULT_PORTS).map(String).includes(port.trim());

/**
 * The form after one field changed. The port follows the TLS mode while it is blank or one of the
 * usual ports (a port typed by hand stays); the SMTP login follows the from address while it is
 * blank or equal to it (most providers log in with the address itself).
 */
export function changeField<K extends MailboxField>(form: MailboxForm, key: K, value: MailboxForm[K]): MailboxForm {
  const next = { ...form, [key]: value };
  if (key === 'tls' && isDefaultPort(form.port)) next.port = String(DEFAULT_PORTS[value as TlsMode]);
  if (key === 'fromAddress' && (form.user.trim() === '' || form.user === form.fromAddress)) next.user = value as string;
  return next;
}

/** A whole number in [min, max] typed in a field, or null. */
function wholeNumber(text: string, { min, max }: { min: number; max: number }): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * The problems found before sending: only the numbers, which a number field lets one leave blank
 * or out of range. The rest (blank names, a malformed address or host) is the API's to judge, and
 * its answer lands on the same fields (see {@link placeApiErrors}).
 */
export function numberErrors(form: MailboxForm): MailboxErrors {
  const errors: MailboxErrors = {};
  if (wholeNumber(form.port, LIMITS.port) === null) errors.port = 'Enter a port from 1 to 65535, e.g. 587.';
  if (wholeNumber(form.dailyCap, LIMITS.dailyCap) === null) errors.dailyCap = 'Enter a whole number of emails a day, from 1 to 10,000.';
  return errors;
}

/** The SMTP settings typed: the login is the from address when left blank. */
function smtpOf(form: MailboxForm): SmtpSettings {
  return { host: form.host.trim(), port: Number(form.port), tls: form.tls, user: form.user.trim() || form.fromAddress.trim() };
}

/** POST /api/mailboxes's body from a checked form. */
export function toNewMailbox(form: MailboxForm): NewMailbox {
  return {
    fromName: form.fromName.trim(),
    fromAddress: form.fromAddress.trim(),
    signature: form.signature,
    smtp: smtpOf(form),
    password: form.password,
    dailyCap: Number(form.dailyCap),
  };
}

/** PATCH /api/mailboxes/{id}'s body: only what differs from the stored mailbox, the password only when one was typed. */
export function toPatch(form: MailboxForm, mailbox: Mailbox): MailboxPatch {
  const patch: MailboxPatch = {};
  const typed = toNewMailbox(form);
  if (typed.fromName !== mailbox.fromName) patch.fromName = typed.fromName;
  // The API stores addresses lowercased: a change of case alone is no change.
  if (typed.fromAddress.toLowerCase() !== mailbox.fromAddress) patch.fromAddress = typed.fromAddress;
  if (typed.signature !== mailbox.signature) patch.signature = form.signature;
  const smtp = Object.fromEntries(
    (Object.keys(typed.smtp) as Array<keyof SmtpSettings>)
      .filter((key) => typed.smtp[key] !== mailbox.smtp[key])
      .map((key) => [key, typed.smtp[key]]),
  ) as Partial<SmtpSettings>;
  if (Object.keys(smtp).length > 0) patch.smtp = smtp;
  if (form.password !== '') patch.password = form.password;
  if (typed.dailyCap !== mailbox.dailyCap) patch.dailyCap = typed.dailyCap;
  return patch;
}

/** The form field each of the API's field paths belongs to. */
const FIELD_OF_PATH: Record<string, MailboxField> = {
  fromName: 'fromName',
  fromAddress: 'fromAddress',
  signature: 'signature',
  'smtp.host': 'host',
  'smtp.port': 'port',
  'smtp.tls': 'tls',
  'smtp.user': 'user',
  password: 'password',
  dailyCap: 'dailyCap',
};

/** A problem as a field's note says it: the API's "must not be blank" as "Must not be blank". */
const sentence = (problem: string) => problem.charAt(0).toUpperCase() + problem.slice(1);

/** The API's 400 `fields` placed on the form's fields; `unplaced` lists any it named that the form does not show. */
export function placeApiErrors(fields: Record<string, string>): { errors: MailboxErrors; unplaced: string[] } {
  const errors: MailboxErrors = {};
  const unplaced: string[] = [];
  for (const [path, problem] of Object.entries(fields)) {
    const field = FIELD_OF_PATH[path];
    if (field) errors[field] ??= sentence(problem);
    else unplaced.push(`${path}: ${problem}`);
  }
  return { errors, unplaced };
}
