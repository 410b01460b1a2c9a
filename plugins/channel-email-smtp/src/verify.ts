import { withDeadline, type PluginDeps } from '@meetflow/plugin-sdk';
import type { VerifyResult } from '@meetflow/plugin-sdk/contracts/channel';
import nodemailer, { type NodemailerError } from 'nodemailer';
import type { EmailSmtpConfig } from './config.ts';
import type { SmtpAccount } from './manifest.ts';
import { connectionOptions } from './send.ts';

/**
 * `verify` (Test connection): connects with the account's settings and logs in (nodemailer's
 * `verify`) within the configured time; sends nothing. Never throws: a refusal is an answer, in
 * words the person who typed the settings can act on, with the password never echoed.
 */
export function createVerify(deps: PluginDeps<EmailSmtpConfig>) {
  return async function verify({ account }: { account: SmtpAccount }): Promise<VerifyResult> {
    const where = `${account.host}:${account.port}`;
    const limitMs = deps.config.verifyTimeoutSeconds * 1000;
    const timedOut = `No answer from ${where} within ${limitMs / 1000} s: check the host, the port and the TLS mode`;
    // Each wait of nodemailer's own (connect, greeting, a reply) stays inside the overall deadline.
    const transport = nodemailer.createTransport({
      ...connectionOptions(account, Math.max(1000, limitMs - 2000)),
      auth: { user: account.user, pass: account.password },
    });
    try {
      await withDeadline(transport.verify(), limitMs, () => timedOut);
      return { ok: true };
    } catch (error) {
      const said = (error as Error).message === timedOut ? timedOut : describe(error as NodemailerError, account, where);
      return { ok: false, error: withoutSecret(said, account.password) };
    } finally {
      transport.close();
    }
  };
}

/** A refusal in words the person who typed the settings can act on, with what the server said. */
function describe(error: NodemailerError, account: SmtpAccount, where: string): string {
  const reply = (error.response ?? error.message).trim();
  const cause = error.originalCode ?? error.code;
  if (error.code === 'EAUTH') return `Authentication failed for ${account.user}: the server said "${reply}"`;
  if (cause === 'ECONNREFUSED') return `Could not connect to ${where}: connection refused (nothing listens there)`;
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN' || error.code === 'EDNS') return `Could not find the host ${account.host}`;
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
