import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Sorted, non-overlapping [start, end] ranges of one address family, as integers. */
interface Ranges {
  starts: bigint[];
  ends: bigint[];
}

function toInteger(address: Address): bigint {
  let value = 0n;
  for (const byte of address.toByteArray()) value = (value << 8n) | BigInt(byte);
  return value;
}

/** An IPv4 visitor on a dual-stack socket shows as ::ffff:a.b.c.d; it is matched as IPv4. */
export function parseAddress(ip: string): Address | null {
  try {
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

function rangeOf(cidr: string): { kind: 'ipv4' | 'ipv6'; start: bigint; end: bigint } {
  const [parsed, prefix] = ipaddr.parseCIDR(cidr);
  // ::ffff:a.b.c.d/104 and the like: an IPv4-mapped network is the IPv4 network it maps.
  const mapped = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress();
  const address = mapped ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  const bits = address.kind() === 'ipv4' ? 32 : 128;
  const hostBits = BigInt(bits - Math.max(0, prefix - (mapped ? 96 : 0)));
  const start = (toInteger(address) >> hostBits) << hostBits;
  return { kind: address.kind(), start, end: start + (1n << hostBits) - 1n };
}

function merge(ranges: { start: bigint; end: bigint }[]): Ranges {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: Ranges = { starts: [], ends: [] };
  for (const { start, end } of sorted) {
    const last = merged.ends.length - 1;
    if (last >= 0 && start <= (merged.ends[last] as bigint) + 1n) {
      if (end > (merged.ends[last] as bigint)) merged.ends[last] = end;
    } else {
      merged.starts.push(start);
      merged.ends.push(end);
    }
  }
  return merged;
}

function contains(ranges: Ranges, value: bigint): boolean {
  // The last range that starts at or before `value`, by binary search.
  let low = 0;
  let high = ranges.starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((ranges.starts[middle] as bigint) <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found >= 0 && value <= (ranges.ends[found] as bigint);
}

/**
 * A set of CIDR networks that answers "is this address inside any of them" in O(log n): an
 * operator may list thousands of networks, and every status poll asks.
 */
export function compileNetworkSet(cidrs: readonly string[]) {
  const parsed = cidrs.map(rangeOf);
  const ipv4 = merge(parsed.filter((range) => range.kind === 'ipv4'));
  const ipv6 = merge(parsed.filter((range) => range.kind === 'ipv6'));
  return {
    size: cidrs.length,
    has(address: Address): boolean {
      const ranges = address.kind() === 'ipv4' ? ipv4 : ipv6;
      return ranges.starts.length > 0 && contains(ranges, toInteger(address));
    },
  };
}
