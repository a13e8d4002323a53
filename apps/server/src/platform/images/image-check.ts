import { crc32, inflateSync } from 'node:zlib';

export type ImageType = 'image/png' | 'image/jpeg';

/** Why an upload is not a usable png or jpg; the message is shown against the field. */
export class ImageRefused extends Error {
  override name = 'ImageRefused';
}

// No uploaded photo needs more: beyond this a small file could inflate to gigabytes.
export const MAX_PIXELS = 40_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decides the type of an upload by its content alone (the name and the declared type are not
 * trusted) and checks the whole file, so that a renamed text file or a truncated picture is
 * refused before anything is stored.
 */
export function checkImage(bytes: Buffer): ImageType {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    checkPng(bytes);
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    checkJpeg(bytes);
    return 'image/jpeg';
  }
  throw new ImageRefused('is not a png or jpg image');
}

const PNG_BITS_PER_CHANNEL: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

// Adam7: [x start, y start, x step, y step] of the seven passes of an interlaced png.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A full png check: every chunk's bounds and CRC, a valid header, the image data inflated to
 * exactly the size the header promises, a valid filter byte on every row, and IEND at the end.
 */
function checkPng(bytes: Buffer): void {
  let offset = 8;
  let header:
    | { width: number; height: number; depth: number; colorType: number; interlace: number }
    | undefined;
  let palette = false;
  let ended = false;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    if (ended) throw new ImageRefused('has data after the end of the png');
    if (offset + 12 > bytes.length) throw new ImageRefused('is a truncated png');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) throw new ImageRefused('is a truncated png');
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) {
      throw new ImageRefused('is a damaged png (checksum)');
    }
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (!header && type !== 'IHDR') throw new ImageRefused('is a damaged png (no header)');
    if (type === 'IHDR') {
      if (header || length !== 13) throw new ImageRefused('is a damaged png (header)');
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8] ?? 0,
        colorType: body[9] ?? 0,
        interlace: body[12] ?? 0,
      };
      const rule = PNG_BITS_PER_CHANNEL[header.colorType];
      if (
        !rule?.depths.includes(header.depth) ||
        body[10] !== 0 ||
        body[11] !== 0 ||
        header.interlace > 1 ||
        header.width === 0 ||
        header.height === 0
      ) {
        throw new ImageRefused('is a damaged png (header)');
      }
      if (header.width * header.height > MAX_PIXELS) throw new ImageRefused('has too many pixels');
    } else if (type === 'PLTE') {
      palette = true;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      ended = true;
    }
    offset = end;
  }
  if (!header || !ended || data.length === 0) throw new ImageRefused('is a truncated png');
  if (header.colorType === 3 && !palette) throw new ImageRefused('is a damaged png (no palette)');

  const { width, height, depth, colorType, interlace } = header;
  const bitsPerPixel = (PNG_BITS_PER_CHANNEL[colorType]?.channels ?? 1) * depth;
  const passes =
    interlace === 0
      ? [{ columns: width, rows: height }]
      : ADAM7.map(([x, y, dx, dy]) => ({
          columns: Math.ceil((width - x) / dx),
          rows: Math.ceil((height - y) / dy),
        })).filter((pass) => pass.columns > 0 && pass.rows > 0);
  const expected = passes.reduce(
    (sum, pass) => sum + pass.rows * (1 + Math.ceil((pass.columns * bitsPerPixel) / 8)),
    0,
  );
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    throw new ImageRefused('is a damaged png (image data)');
  }
  if (pixels.length !== expected) throw new ImageRefused('is a damaged png (image data size)');
  let row = 0;
  for (const pass of passes) {
    const rowBytes = 1 + Math.ceil((pass.columns * bitsPerPixel) / 8);
    for (let r = 0; r < pass.rows; r += 1, row += rowBytes) {
      if ((pixels[row] ?? 255) > 4) throw new ImageRefused('is a damaged png (row filter)');
    }
  }
}

const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A jpg structure check: every marker segment within the file, a frame header with a size and
 * 1–4 components, quantisation and (for Huffman coding) Huffman tables, at least one scan whose
 * entropy-coded data runs on to a marker, and the end-of-image marker closing the file.
 */
function checkJpeg(bytes: Buffer): void {
  let offset = 2;
  let frame = false;
  let huffmanCoded = true;
  let quantisation = false;
  let huffman = false;
  let scans = 0;
  while (true) {
    if (offset + 2 > bytes.length) throw new ImageRefused('is a truncated jpg');
    if (bytes[offset] !== 0xff) throw new ImageRefused('is a damaged jpg (marker)');
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[offset + 1] === 0xff && offset + 2 < bytes.length) offset += 1;
    const marker = bytes[offset + 1] ?? 0;
    offset += 2;
    if (marker === 0xd9) break;
    if (marker === 0xd8 || marker === 0x00) throw new ImageRefused('is a damaged jpg (marker)');
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (offset + 2 > bytes.length) throw new ImageRefused('is a truncated jpg');
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) throw new ImageRefused('is a truncated jpg');
    const segment = bytes.subarray(offset + 2, offset + length);
    if (isStartOfFrame(marker)) {
      if (frame) throw new ImageRefused('is a damaged jpg (two frames)');
      const components = segment[5] ?? 0;
      const height = segment.length >= 5 ? segment.readUInt16BE(1) : 0;
      const width = segment.length >= 5 ? segment.readUInt16BE(3) : 0;
      if (components < 1 || components > 4 || segment.length !== 6 + 3 * components || !width || !height) {
        throw new ImageRefused('is a damaged jpg (frame header)');
      }
      if (width * height > MAX_PIXELS) throw new ImageRefused('has too many pixels');
      frame = true;
      huffmanCoded = marker < 0xc8;
    } else if (marker === 0xdb) {
      quantisation = true;
    } else if (marker === 0xc4) {
      huffman = true;
    } else if (marker === 0xda) {
      const components = segment[0] ?? 0;
      if (!frame || components < 1 || components > 4 || segment.length !== 4 + 2 * components) {
        throw new ImageRefused('is a damaged jpg (scan header)');
      }
      offset += length;
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker inside it.
      const start = offset;
      while (offset + 1 < bytes.length) {
        const next = bytes[offset + 1] ?? 0;
        if (bytes[offset] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        offset += 1;
      }
      if (offset + 1 >= bytes.length) throw new ImageRefused('is a truncated jpg');
      if (offset === start) throw new ImageRefused('is a damaged jpg (empty scan)');
      scans += 1;
      continue;
    }
    offset += length;
  }
  if (!frame || !quantisation || scans === 0 || (huffmanCoded && !huffman)) {
    throw new ImageRefused('is a damaged jpg (missing tables or image data)');
  }
  // Some encoders pad the end; anything but zero padding after the end is not an image.
  if (bytes.subarray(offset).some((byte) => byte !== 0))
    throw new ImageRefused('has data after the end of the jpg');
}
