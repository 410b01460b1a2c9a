import type { ImapSettings, Mailbox, MailboxPatch, NewMailbox, SmtpSettings, TlsMode } from '../api/mailboxes-api.ts';

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
  /** Read replies over IMAP (with the SMTP login and password); the three fields below count only when on. */
  imapOn: boolean;
  imapHost: string;
  imapPort: string;
  imapTls: TlsMode;
}
export type MailboxField = keyof MailboxForm;

/** What is wrong, by form field. */
export type MailboxErrors = Partial<Record<MailboxField, string>>;

/** The usual port of each TLS mode: 465 for TLS from the start, 587 for STARTTLS, 25 for none. */
export const DEFAULT_PORTS: Record<TlsMode, number> = { tls: 465, starttls: 587, none: 25 };

/** The usual IMAP port of each TLS mode: 993 for TLS from the start, 143 for STARTTLS or none. */
export const DEFAULT_IMAP_PORTS: Record<TlsMode, number> = { tls: 993, starttls: 143, none: 143 };

/** The IMAP fields, which the API names `imap.host`, `imap.port` and `imap.tls`. */
const IMAP_FIELDS = ['imapHost', 'imapPort', 'imapTls'] as const;

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
    ...imapFormOf(null),
  };
}

/** The IMAP part of the form: a mailbox's settings, or off with SSL/TLS on 993 (what most providers use) ready. */
function imapFormOf(imap: ImapSettings | null): Pick<MailboxForm, 'imapOn' | 'imapHost' | 'imapPort' | 'imapTls'> {
  if (!imap) return { imapOn: false, imapHost: '', imapPort: String(DEFAULT_IMAP_PORTS.tls), imapTls: 'tls' };
  return { imapOn: true, imapHost: imap.host, imapPort: String(imap.port), imapTls: imap.tls };
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
    ...imapFormOf(mailbox.imap),
  };
}

const isUsualPort = (ports: Record<TlsMode, number>, port: string) =>
  port.trim() === '' || Object.values(ports).map(String).includes(port.trim());

/** A guess at the IMAP server from the SMTP one: smtp.acme.com → imap.acme.com; another host as it is (often one server does both). */
export function imapHostGuess(smtpHost: string): string {
  const host = smtpHost.trim();
  return /^smtp\./i.test(host) ? `imap.${host.slice(5)}` : host;
}

/**
 * The form after one field changed. Each port (SMTP and IMAP) follows its TLS mode while it is
 * blank or one of the usual ports (a port typed by hand stays); the SMTP login follows the from
 * address while it is blank or equal to it (most providers log in with the address itself).
 * Turning IMAP on with no IMAP host yet guesses it from the SMTP host.
 */
export function changeField<K extends MailboxField>(form: MailboxForm, key: K, value: MailboxForm[K]): MailboxForm {
  const next = { ...form, [key]: value };
  if (key === 'tls' && isUsualPort(DEFAULT_PORTS, form.port)) next.port = String(DEFAULT_PORTS[value as TlsMode]);
  if (key === 'imapTls' && isUsualPort(DEFAULT_IMAP_PORTS, form.imapPort)) next.imapPort = String(DEFAULT_IMAP_PORTS[value as TlsMode]);
  if (key === 'imapOn' && value === true && form.imapHost.trim() === '') next.imapHost = imapHostGuess(form.host);
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
  if (form.imapOn && wholeNumber(form.imapPort, LIMITS.port) === null) errors.imapPort = 'Enter a port from 1 to 65535, e.g. 993.';
  if (wholeNumber(form.dailyCap, LIMITS.dailyCap) === null) errors.dailyCap = 'Enter a whole number of emails a day, from 1 to 10,000.';
  return errors;
}

/** The SMTP settings typed: the login is the from address when left blank. */
function smtpOf(form: MailboxForm): SmtpSettings {
  return { host: form.host.trim(), port: Number(form.port), tls: form.tls, user: form.user.trim() || form.fromAddress.trim() };
}

/** The IMAP settings typed, or null when replies are not to be read over IMAP. */
function imapOf(form: MailboxForm): ImapSettings | null {
  return form.imapOn ? { host: form.imapHost.trim(), port: Number(form.imapPort), tls: form.imapTls } : null;
}

/** POST /api/mailboxes's body from a checked form (`imap` only when turned on). */
export function toNewMailbox(form: MailboxForm): NewMailbox {
  const imap = imapOf(form);
  return {
    fromName: form.fromName.trim(),
    fromAddress: form.fromAddress.trim(),
    signature: form.signature,
    smtp: smtpOf(form),
    ...(imap ? { imap } : {}),
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
  // The API takes IMAP settings whole: all three when any changed, or null to stop reading replies.
  const imap = imapOf(form);
  const stored = mailbox.imap;
  if (
    imap === null ? stored !== null : stored === null || imap.host !== stored.host || imap.port !== stored.port || imap.tls !== stored.tls
  )
    patch.imap = imap;
  if (form.password !== '') patch.password = form.password;
  if (typed.dailyCap !== mailbox.dailyCap) patch.dailyCap = typed.dailyCap;
  return patch;
}

/** The fields naming where the password goes: changing one of them on a stored mailbox takes the password again. */
export const CONNECTION_FIELDS: readonly MailboxField[] = ['host', 'port', 'user', 'imapOn', 'imapHost', 'imapPort'];

/** How much a TLS mode protects the login on the wire, as the API ranks them. */
const TLS_STRENGTH: Record<TlsMode, number> = { tls: 2, starttls: 1, none: 0 };

/**
 * True when the edit would send the stored password to another server or login, or less protected:
 * the SMTP host, port or user, or the IMAP host or port (IMAP logs in with the SMTP login), changed,
 * or a TLS mode became weaker. The API then takes the password again (a 400 naming it otherwise),
 * so the form asks for it.
 */
export function passwordRequired(form: MailboxForm, mailbox: Mailbox): boolean {
  const smtp = smtpOf(form);
  const sameHost = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (!sameHost(smtp.host, mailbox.smtp.host) || smtp.port !== mailbox.smtp.port || smtp.user !== mailbox.smtp.user) return true;
  if (TLS_STRENGTH[smtp.tls] < TLS_STRENGTH[mailbox.smtp.tls]) return true;
  const imap = imapOf(form);
  if (imap === null) return false;
  if (mailbox.imap === null || !sameHost(imap.host, mailbox.imap.host) || imap.port !== mailbox.imap.port) return true;
  return TLS_STRENGTH[imap.tls] < TLS_STRENGTH[mailbox.imap.tls];
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
  imap: 'imapHost',
  'imap.host': 'imapHost',
  'imap.port': 'imapPort',
  'imap.tls': 'imapTls',
  password: 'password',
  dailyCap: 'dailyCap',
};

/** The form's problems without those of the IMAP fields (once IMAP is turned off, they no longer apply). */
export function withoutImapErrors(errors: MailboxErrors): MailboxErrors {
  if (!IMAP_FIELDS.some((field) => errors[field])) return errors;
  const rest = { ...errors };
  for (const field of IMAP_FIELDS) delete rest[field];
  return rest;
}

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
