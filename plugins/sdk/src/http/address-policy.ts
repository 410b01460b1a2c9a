import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Only globally routable unicast is reachable. Everything else (loopback, RFC 1918, CGNAT,
// link-local with the 169.254.169.254 metadata service, multicast, documentation and other
// reserved blocks) is internal or meaningless as a web site, so it is refused.
const PUBLIC_RANGE = 'unicast';

// IPv6 forms that carry an IPv4 address inside: a NAT64 gateway or a dual-stack socket would
// deliver them to that IPv4 address, so the embedded address is what gets checked.
const EMBEDDED_IPV4_AT: Partial<Record<string, number>> = { ipv4Mapped: 12, rfc6145: 12, rfc6052: 12, '6to4': 2 };

/** Strips the brackets URL.hostname keeps around an IPv6 literal. */
export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** True when `host` is an IP address literal rather than a name to resolve. */
export function isIpLiteral(host: string): boolean {
  return isIP(unbracket(host)) !== 0;
}

/**
 * Why an address may not be contacted (its range name, e.g. "loopback", "private",
 * "linkLocal"), or null when it is public. Unparseable input is refused too.
 */
export function blockedRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(unbracket(address));
  } catch {
    return 'unparseable';
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === PUBLIC_RANGE ? null : range;
  }
  const range = parsed.range();
  if (range === PUBLIC_RANGE) return null;
  const offset = EMBEDDED_IPV4_AT[range];
  if (offset === undefined) return range;
  const bytes = parsed.toByteArray().slice(offset, offset + 4);
  const inner = blockedRange(ipaddr.fromByteArray(bytes).toString());
  return inner === null ? null : `${range} ${inner}`;
}

/** Normalises allowHosts entries ("127.0.0.1:5173", "[::1]:80", "Example.com") for lookup. */
export function allowHostSet(entries: readonly string[] = []): ReadonlySet<string> {
  return new Set(entries.map((entry) => entry.trim().toLowerCase()).filter(Boolean));
}

/** True when the URL's host (with or without its port) is listed in allowHosts. */
export function isAllowedHost(url: URL, allowed: ReadonlySet<string>): boolean {
  return isAllowedHostPort(url.hostname, url.port || (url.protocol === 'https:' ? '443' : '80'), allowed);
}

/**
 * True when `host` (a name or an IP address, an IPv6 one with or without brackets), alone or as
 * `host:port`, is listed in allowHosts: the same list form for outbound HTTP and for mail servers.
 */
export function isAllowedHostPort(host: string, port: number | string, allowed: ReadonlySet<string>): boolean {
  if (allowed.size === 0) return false;
  const bare = unbracket(host).toLowerCase();
  const hostname = isIP(bare) === 6 ? `[${bare}]` : bare;
  return allowed.has(hostname) || allowed.has(`${hostname}:${port}`);
}
