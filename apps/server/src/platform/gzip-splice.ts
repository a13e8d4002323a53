import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip answer whose large, fixed head is compressed once and whose small per-request tail is
 * appended uncompressed, so a hot call answers compressed for the price of a copy and a CRC of
 * the tail (the permission call: ~5.7 KB of site information, then ~150 bytes of the visitor's
 * location and flags). Compressing the whole answer per request tripled that call's CPU cost.
 *
 * How (RFC 1951/1952): the head is deflated with a full flush, which ends its blocks on a byte
 * boundary without a final block and with no reference the tail could need; the tail follows as
 * stored blocks, the last one final; the gzip trailer's CRC-32 continues the head's over the tail.
 */
export interface GzipHead {
  deflated: Buffer;
  crc: number;
  length: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const STORED_BLOCK_MAX = 0xffff;

export function gzipHead(head: Buffer): GzipHead {
  return {
    deflated: deflateRawSync(head, { finishFlush: constants.Z_FULL_FLUSH }),
    crc: crc32(head),
    length: head.length,
  };
}

export function gzipWithTail(head: GzipHead, tail: Buffer): Buffer {
  const parts: Buffer[] = [GZIP_HEADER, head.deflated];
  let offset = 0;
  do {
    const size = Math.min(STORED_BLOCK_MAX, tail.length - offset);
    const isLast = offset + size === tail.length;
    const blockHeader = Buffer.allocUnsafe(5);
    // BFINAL in the lowest bit, BTYPE 00 (stored); the rest of the byte is padding to the boundary.
    blockHeader[0] = isLast ? 1 : 0;
    blockHeader.writeUInt16LE(size, 1);
    blockHeader.writeUInt16LE(~size & 0xffff, 3);
    parts.push(blockHeader, tail.subarray(offset, offset + size));
    offset += size;
  } while (offset < tail.length);
  const trailer = Buffer.allocUnsafe(8);
  // crc32 of no bytes does not keep the value it continues from.
  trailer.writeUInt32LE(tail.length > 0 ? crc32(tail, head.crc) : head.crc, 0);
  trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** Whether an Accept-Encoding header lets the answer come gzipped (`gzip`, or `*`, not at q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let anyEncoding = false;
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const allowed = quality === undefined || Number(quality.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return allowed;
    if (name === '*') anyEncoding = allowed;
  }
  return anyEncoding;
}
