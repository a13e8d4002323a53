/**
 * Writes a tiny IPv4 country database in the MaxMind DB format (the format of GeoLite2-Country),
 * so the GEOIP_DATABASE path is tested with a real file and the real reader, offline.
 * Format: https://maxmind.github.io/MaxMind-DB/ — a binary search tree over the address bits,
 * 16 zero bytes, a data section, then a metadata map after a marker.
 */

type Value = string | number | bigint | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('sizes of 29 and more are not needed here');
  // Types above 7 are "extended": type 0 in the control byte, the real type minus 7 after it.
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function unsigned(type: number, value: bigint, maxBytes: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.unshift(Number(rest & 0xffn));
  if (bytes.length > maxBytes) throw new Error('number too large');
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const text = Buffer.from(value);
    return Buffer.concat([control(2, text.length), text]);
  }
  if (typeof value === 'number') return unsigned(6, BigInt(value), 4);
  if (typeof value === 'bigint') return unsigned(9, value, 8);
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}

/** `networks` maps IPv4 CIDRs (prefix 1–32) to ISO country codes. */
export function writeCountryMmdb(networks: Record<string, string>): Buffer {
  const nodes: [number, number][] = [[-1, -1]];
  const dataParts: Buffer[] = [];
  let dataLength = 0;
  const leaves: { node: number; side: 0 | 1; dataOffset: number }[] = [];

  for (const [cidr, isoCode] of Object.entries(networks)) {
    const [ip = '', prefixText = ''] = cidr.split('/');
    const prefix = Number(prefixText);
    const address = ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    const record = encode({ country: { iso_code: isoCode } });
    const dataOffset = dataLength;
    dataParts.push(record);
    dataLength += record.length;

    let node = 0;
    for (let bit = 0; bit < prefix; bit++) {
      const side = ((address >>> (31 - bit)) & 1) as 0 | 1;
      const current = nodes[node] as [number, number];
      if (bit === prefix - 1) {
        leaves.push({ node, side, dataOffset });
      } else {
        if (current[side] < 0) {
          nodes.push([-1, -1]);
          current[side] = nodes.length - 1;
        }
        node = current[side];
      }
    }
  }

  const nodeCount = nodes.length;
  const records = nodes.map(([left, right]) => [left < 0 ? nodeCount : left, right < 0 ? nodeCount : right]);
  // A data record is node_count + 16 + its offset in the data section.
  for (const leaf of leaves) (records[leaf.node] as number[])[leaf.side] = nodeCount + 16 + leaf.dataOffset;

  const tree = Buffer.alloc(nodeCount * 6);
  records.forEach(([left, right], index) => {
    tree.writeUIntBE(left as number, index * 6, 3);
    tree.writeUIntBE(right as number, index * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: 'Fortuna-Test-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: BigInt(Math.floor(Date.UTC(2026, 0, 1) / 1000)),
    description: { en: 'Test countries' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...dataParts,
    Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'),
    metadata,
  ]);
}
