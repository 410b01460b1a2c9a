import nodemailer, { type NodemailerError } from 'nodemailer';
import { withDeadline } from '../../core/deadline.ts';
import type { Mailbox } from './model.ts';

/** Whether an SMTP server accepts a mailbox's settings, and if not, what it said. */
export type SmtpCheckResult = { ok: true } | { ok: false; error: string };
export type SmtpCheck = (smtp: Mailbox['smtp'], password: string) => Promise<SmtpCheckResult>;

/** Test connection never waits longer than this for an answer. */
export const SMTP_CHECK_TIMEOUT_MS = 10_000;
// Each wait of nodemailer's own (connect, greeting, a reply) stays inside the overall deadline.
const STEP_TIMEOUT_MS = 8_000;

/** nodemailer's options for a mailbox: how `tls` maps to implicit TLS, required STARTTLS, or none at all. */
function transportOptions(smtp: Mailbox['smtp'], password: string) {
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === 'tls',
    requireTLS: smtp.tls === 'starttls',
    ignoreTLS: smtp.tls === 'none',
    auth: { user: smtp.user, pass: password },
    connectionTimeout: STEP_TIMEOUT_MS,
    greetingTimeout: STEP_TIMEOUT_MS,
    socketTimeout: STEP_TIMEOUT_MS,
    logger: false, // nothing of the conversation (which carries the login) is ever logged
    debug: false,
  };
}

/**
 * Connects to the SMTP server with the mailbox's settings and logs in (nodemailer's `verify`),
 * within {@link SMTP_CHECK_TIMEOUT_MS}; sends nothing. Never throws: a refusal is a result.
 */
export const verifySmtp: SmtpCheck = async (smtp, password) => {
  const where = `${smtp.host}:${smtp.port}`;
  const timedOut = `No answer from ${where} within ${SMTP_CHECK_TIMEOUT_MS / 1000} s: check the host, the port and the TLS mode`;
  const transport = nodemailer.createTransport(transportOptions(smtp, password));
  try {
    await withDeadline(transport.verify(), SMTP_CHECK_TIMEOUT_MS, () => timedOut);
    return { ok: true };
  } catch (error) {
    const said = (error as Error).message === timedOut ? timedOut : describe(error as NodemailerError, smtp, where);
    return { ok: false, error: withoutSecret(said, password) };
  } finally {
    transport.close();
  }
};

/** A refusal in words the person who typed the settings can act on, with what the server said. */
function describe(error: NodemailerError, smtp: Mailbox['smtp'], where: string): string {
  const reply = (error.response ?? error.message).trim();
  const cause = error.originalCode ?? error.code;
  if (error.code === 'EAUTH') return `Authentication failed for ${smtp.user}: the server said "${reply}"`;
  if (cause === 'ECONNREFUSED') return `Could not connect to ${where}: connection refused (nothing listens there)`;
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN' || error.code === 'EDNS') return `Could not find the host ${smtp.host}`;
  if (error.code === 'ETIMEDOUT') return `No answer from ${where} in time: check the host, the port and the TLS mode`;
  if (error.code === 'ETLS' || /tls|ssl|certificate/i.test(error.message))
    return `The TLS connection to ${where} failed (${error.message}): check the TLS mode for this port`;
  return `The server at ${where} refused the settings: ${reply}`;
}

/** The text with the password (and its base64, as AUTH sends it) cut out, should a server ever echo it back. */
function withoutSecret(text: string, password: string): string {
  if (password.length < 4) return text; // cutting a very short one out would garble the text; nothing echoes it anyway
  const forms = [password, Buffer.from(password).toString('base64')];
  return forms.reduce((clean, form) => clean.split(form).join('[redacted]'), text);
}
