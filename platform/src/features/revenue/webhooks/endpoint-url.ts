import { isIP } from 'node:net';
import { blockedRange, GuardedHttpError, resolveHostChecked, type PinnedAddress } from '@meetflow/plugin-sdk';

/** Where endpoints may point: https to public addresses; `allowLoopbackHttp` (a local run, the tests) also lets http reach loopback. */
export interface EndpointUrlPolicy {
  allowLoopbackHttp: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopbackHost = (hostname: string) =>
  LOOPBACK_NAMES.has(hostname) || (isIP(hostname) === 4 && blockedRange(hostname) === 'loopback');

/** Why `raw` may not be an endpoint's URL (a sentence), or null: the form of the URL only, no DNS. */
export function urlProblem(raw: string, policy: EndpointUrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && policy.allowLoopbackHttp && isLoopbackHost(url.hostname)) return null;
  return policy.allowLoopbackHttp ? 'must be https (http only to localhost when Meetflow runs locally)' : 'must be https';
}

/**
 * The checked address to POST to, or why not: every address the host resolves to must be public
 * (the outbound guard's policy: private, loopback, link-local and metadata addresses are refused),
 * except loopback under `allowLoopbackHttp`. Checked again before every attempt, so a DNS answer
 * that changed since the endpoint was saved cannot turn it inward.
 */
export async function endpointAddress(
  raw: string,
  policy: EndpointUrlPolicy,
): Promise<{ ok: true; url: URL; address: PinnedAddress } | { ok: false; reason: string }> {
  const problem = urlProblem(raw, policy);
  if (problem) return { ok: false, reason: `URL ${problem}` };
  const url = new URL(raw);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  try {
    const address = await resolveHostChecked(hostname, policy.allowLoopbackHttp && isLoopbackHost(url.hostname));
    return { ok: true, url, address };
  } catch (error) {
    if (error instanceof GuardedHttpError)
      return { ok: false, reason: error.code === 'BLOCKED_ADDRESS' ? 'address not allowed' : 'host not found' };
    return { ok: false, reason: 'host not found' };
  }
}
