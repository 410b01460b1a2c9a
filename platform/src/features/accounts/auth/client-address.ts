import { isIPv4, isIPv6 } from 'node:net';

/** The groups of an IPv6 address, all eight, as numbers ("::1" → [0, …, 0, 1]; an IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [first, last] = [groupsOf(head), tail === undefined ? [] : groupsOf(tail)];
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * What the per-address limits count a client by: an IPv4 address whole, an IPv6 address by its
 * /64 network (one subscriber usually holds a whole /64, and can take a new address in it at
 * will). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4)
 * counts as its IPv4 address; a zone (`%eth0`) is dropped.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const network = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}
