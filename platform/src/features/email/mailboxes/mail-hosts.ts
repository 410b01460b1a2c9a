import { allowHostSet, GuardedHttpError, isAllowedHostPort, resolveHostChecked, withDeadline } from '@meetflow/plugin-sdk';
import type { MailFailureReason } from '@meetflow/plugin-sdk/contracts/channel';
import { InputError } from '../../../core/errors.ts';

/**
 * Mail servers a mailbox may use although they are not public, as `host` or `host:port`
 * (MEETFLOW_MAIL_ALLOW_HOSTS): `npm start`'s own local mail server, tests' servers on loopback.
 */
export type MailAllowHosts = readonly string[];

/** Where a mail server is, as a mailbox stores it. */
interface MailServer {
  host: string;
  port: number;
}

// A resolver that does not answer is given this long, at save time and before each connection.
const RESOLVE_TIMEOUT_MS = 5_000;

/** The checked address to connect to, or why there is none. */
export type MailServerAddress =
  { ok: true; address: string } | { ok: false; reason: Extract<MailFailureReason, 'address not allowed' | 'host not found' | 'timed out'> };

/**
 * Resolves a mail server's host and checks every address it resolves to with the outbound HTTP
 * guard's policy (private, loopback, link-local, metadata and other non-public ranges are
 * refused) unless `host` or `host:port` is allowed. Called before every connection (Test
 * connection, each send, each IMAP check), which then goes to the returned address only: a DNS
 * answer that changed since the mailbox was saved cannot turn it inward.
 */
export async function mailServerAddress(server: MailServer, allowHosts: MailAllowHosts): Promise<MailServerAddress> {
  const allowed = isAllowedHostPort(server.host, server.port, allowHostSet(allowHosts));
  try {
    const pinned = await withDeadline(resolveHostChecked(server.host, allowed), RESOLVE_TIMEOUT_MS, () => 'resolving timed out');
    return { ok: true, address: pinned.address };
  } catch (error) {
    if (!(error instanceof GuardedHttpError)) return { ok: false, reason: 'timed out' };
    return { ok: false, reason: error.code === 'BLOCKED_ADDRESS' ? 'address not allowed' : 'host not found' };
  }
}

/**
 * The fields (`smtp.host`, `imap.host`) of settings whose server the address policy refuses, with
 * why, for a 400. A host that does not resolve now is let through: it may be added to DNS later,
 * and each connection checks again anyway.
 */
export async function refusedMailHosts(
  settings: { smtp?: MailServer | null; imap?: MailServer | null },
  allowHosts: MailAllowHosts,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [field, server] of [
    ['smtp.host', settings.smtp],
    ['imap.host', settings.imap],
  ] as const) {
    if (!server) continue;
    const checked = await mailServerAddress(server, allowHosts);
    if (!checked.ok && checked.reason === 'address not allowed')
      fields[field] = `address not allowed: ${server.host} is, or resolves to, a private, loopback or link-local address`;
  }
  return fields;
}

/** A 400 naming each of `fields` with its problem, worded as the API's validation errors are. */
export function invalidFields(fields: Record<string, string>): InputError {
  const listed = Object.entries(fields).map(([field, problem]) => `${field}: ${problem}`);
  return new InputError(`Invalid request: ${listed.join('; ')}`, fields);
}
