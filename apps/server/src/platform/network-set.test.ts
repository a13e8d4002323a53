import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { compileNetworkSet, parseAddress } from './network-set.ts';

const address = (ip: string) => {
  const parsed = parseAddress(ip);
  if (!parsed) throw new Error(`not an address: ${ip}`);
  return parsed;
};

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((bytes) => bytes.join('.'));
const ipv4Network = fc.tuple(ipv4, fc.integer({ min: 0, max: 32 })).map(([ip, prefix]) => `${ip}/${prefix}`);
const ipv6 = fc
  .array(fc.nat(0xffff), { minLength: 8, maxLength: 8 })
  .map((groups) => groups.map((group) => group.toString(16)).join(':'));
const ipv6Network = fc.tuple(ipv6, fc.integer({ min: 0, max: 128 })).map(([ip, prefix]) => `${ip}/${prefix}`);

/** The obvious answer: try every network with ipaddr.js's own matcher. */
function inAnyByScan(ip: string, cidrs: string[]): boolean {
  const parsed = address(ip);
  return cidrs.some((cidr) => {
    const [network, prefix] = ipaddr.parseCIDR(cidr);
    return network.kind() === parsed.kind() && parsed.match(network, prefix);
  });
}

describe('network set', () => {
  it('when asked about any IPv4 address, then it agrees with matching every network one by one', () => {
    fc.assert(
      fc.property(
        fc.array(ipv4Network, { maxLength: 30 }),
        fc.array(ipv4, { maxLength: 20 }),
        (cidrs, ips) => {
          const set = compileNetworkSet(cidrs);
          for (const ip of [...ips, ...cidrs.map((cidr) => cidr.split('/')[0] as string)])
            expect(set.has(address(ip))).toBe(inAnyByScan(ip, cidrs));
        },
      ),
    );
  });

  it('when asked about any IPv6 address, then it agrees with matching every network one by one', () => {
    fc.assert(
      fc.property(
        fc.array(ipv6Network, { maxLength: 30 }),
        fc.array(ipv6, { maxLength: 20 }),
        (cidrs, ips) => {
          const set = compileNetworkSet(cidrs);
          for (const ip of [...ips, ...cidrs.map((cidr) => cidr.split('/')[0] as string)]) {
            // ipaddr.js reads ::ffff:a.b.c.d as IPv4; the scan below does not, so leave those out.
            if (address(ip).kind() !== 'ipv6') continue;
            expect(set.has(address(ip))).toBe(inAnyByScan(ip, cidrs));
          }
        },
      ),
    );
  });

  it('when a network is written IPv4-mapped, then it matches the IPv4 visitors it maps', () => {
    const set = compileNetworkSet(['::ffff:203.0.113.0/120']);
    expect(set.has(address('203.0.113.9'))).toBe(true);
    expect(set.has(address('::ffff:203.0.113.9'))).toBe(true);
    expect(set.has(address('203.0.114.9'))).toBe(false);
  });

  it('when networks touch or overlap, then the addresses at their edges are all inside', () => {
    const set = compileNetworkSet(['10.0.0.0/25', '10.0.0.128/25', '10.0.0.64/26']);
    expect(set.has(address('10.0.0.0'))).toBe(true);
    expect(set.has(address('10.0.0.127'))).toBe(true);
    expect(set.has(address('10.0.0.128'))).toBe(true);
    expect(set.has(address('10.0.0.255'))).toBe(true);
    expect(set.has(address('10.0.1.0'))).toBe(false);
    expect(set.has(address('9.255.255.255'))).toBe(false);
  });
});
