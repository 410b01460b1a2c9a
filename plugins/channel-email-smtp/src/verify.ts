import { withDeadline, type PluginDeps } from '@meetflow/plugin-sdk';
import type { VerifyResult } from '@meetflow/plugin-sdk/contracts/channel';
import nodemailer from 'nodemailer';
import type { EmailSmtpConfig } from './config.ts';
import type { SmtpAccount } from './manifest.ts';
import { connectionOptions, smtpFailureReason } from './send.ts';

const TIMED_OUT = 'verify timed out';

/**
 * `verify` (Test connection): connects with the account's settings and logs in (nodemailer's
 * `verify`) within the configured time; sends nothing. Never throws: a refusal is an answer, one
 * of the classified reasons, so nothing the server (or whatever listens at host:port) said, and
 * never the password, reaches the person testing.
 */
export function createVerify(deps: PluginDeps<EmailSmtpConfig>) {
  return async function verify({ account }: { account: SmtpAccount }): Promise<VerifyResult> {
    const limitMs = deps.config.verifyTimeoutSeconds * 1000;
    // Each wait of nodemailer's own (connect, greeting, a reply) stays inside the overall deadline.
    const transport = nodemailer.createTransport({
      ...connectionOptions(account, Math.max(1000, limitMs - 2000)),
      auth: { user: account.user, pass: account.password },
    });
    try {
      await withDeadline(transport.verify(), limitMs, () => TIMED_OUT);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: (error as Error).message === TIMED_OUT ? 'timed out' : smtpFailureReason(error) };
    } finally {
      transport.close();
    }
  };
}
