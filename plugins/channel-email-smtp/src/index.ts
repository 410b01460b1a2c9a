// @meetflow/plugin-channel-email-smtp: sending email through a mailbox's own SMTP server.
import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { createSend } from './send.ts';
import { createVerify } from './verify.ts';

/** The email-over-SMTP channel plugin (id "channel-email-smtp"), as the platform installs it. */
export const emailSmtpChannel = definePlugin(manifest, (deps) => ({
  send: createSend(deps),
  verify: createVerify(deps),
}));

export { manifest as emailSmtpManifest, smtpAccountSchema, type SmtpAccount } from './manifest.ts';
export { composeMessage } from './compose.ts';
