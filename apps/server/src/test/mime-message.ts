/**
 * Just enough MIME to read what nodemailer sends in tests (mailparser is not a dependency):
 * headers with RFC 2047 encoded words, single-part or multipart bodies, base64 and
 * quoted-printable transfer encodings.
 */
export interface MimeMessage {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string | undefined;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

export function readMimeMessage(raw: string): MimeMessage {
  // The line break that ends the message belongs to the SMTP DATA framing, not to the body.
  const message = splitPart(raw.replace(/\r?\n$/, ''));
  const leaves = leafParts(message);
  const textPart = leaves.find((part) => mediaType(part) === 'text/plain');
  const htmlPart = leaves.find((part) => mediaType(part) === 'text/html');
  return {
    headers: message.headers,
    subject: decodeEncodedWords(message.headers.get('subject') ?? ''),
    text: textPart ? decodeBody(textPart) : '',
    html: htmlPart ? decodeBody(htmlPart) : undefined,
  };
}

function splitPart(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function mediaType(part: MimePart): string {
  return (
    (part.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? 'text/plain'
  );
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}=("([^"]*)"|[^;\\s]+)`, 'i').exec(header);
  return match ? (match[2] ?? match[1]) : undefined;
}

function leafParts(part: MimePart): MimePart[] {
  const contentType = part.headers.get('content-type') ?? '';
  if (!mediaType(part).startsWith('multipart/')) return [part];
  const boundary = parameter(contentType, 'boundary');
  if (!boundary) return [];
  const delimiter = `--${boundary}`;
  const sections = part.body.split(delimiter).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .map((section) => splitPart(section.replace(/^\n/, '').replace(/\n$/, '')))
    .flatMap(leafParts);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(part.headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  if (encoding === 'base64')
    return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable')
    return decodeBytes(quotedPrintableBytes(part.body.replace(/=\n/g, '')), charset);
  return part.body;
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(text[index] as string, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeBytes(bytes: Buffer, charset: string): string {
  return new TextDecoder(charset).decode(bytes);
}

/** RFC 2047: =?charset?B|Q?text?=; the space between two adjacent encoded words is not text. */
function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(word, (_match, charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? decodeBytes(Buffer.from(text, 'base64'), charset)
        : decodeBytes(quotedPrintableBytes(text.replace(/_/g, ' ')), charset),
    );
}
