import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { blockedRange, isIpLiteral, unbracket } from './address-policy.ts';
import { GuardedHttpError } from './errors.ts';

/** The one address a request will connect to, already checked. */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

function refuse(host: string, address: string, range: string): never {
  const shown = host === address ? address : `${host} (${address})`;
  throw new GuardedHttpError('BLOCKED_ADDRESS', `refusing to connect to ${shown}: ${range} addresses are not reachable from here`);
}

/**
 * Resolves a URL's host and checks every address it resolves to, unless the host is allowed.
 * The request then connects to the returned address only (see `pinnedLookup`), so a DNS answer
 * that changes between this check and the connection cannot redirect it inside the network.
 */
export async function resolveChecked(url: URL, hostAllowed: boolean): Promise<PinnedAddress> {
  return resolveHostChecked(url.hostname, hostAllowed);
}

/**
 * {@link resolveChecked} for a bare host name or IP address (a mail server's): throws a
 * GuardedHttpError, BLOCKED_ADDRESS for an address that is not public, NETWORK (with the
 * resolver's code) for a name that does not resolve.
 */
export async function resolveHostChecked(hostname: string, hostAllowed: boolean): Promise<PinnedAddress> {
  const host = unbracket(hostname);
  if (isIpLiteral(host)) {
    const range = blockedRange(host);
    if (range && !hostAllowed) refuse(host, host, range);
    return { address: host, family: isIP(host) === 6 ? 6 : 4 };
  }
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = await lookup(host, { all: true, order: 'verbatim' });
  } catch (error) {
    const systemCode = (error as NodeJS.ErrnoException).code;
    throw new GuardedHttpError('NETWORK', `cannot resolve ${host}: ${systemCode ?? String(error)}`, systemCode);
  }
  const first = answers[0];
  if (!first) throw new GuardedHttpError('NETWORK', `${host} has no address`, 'ENOTFOUND');
  if (!hostAllowed) {
    // Every answer must be public: a name that also points inside is not to be trusted.
    for (const answer of answers) {
      const range = blockedRange(answer.address);
      if (range) refuse(host, answer.address, range);
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A socket `lookup` that answers only the pinned address, whatever name it is asked for. */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // Node asks for all addresses when it races IPv4 and IPv6 (autoSelectFamily).
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}
