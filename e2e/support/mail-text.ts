/**
 * Just enough MIME to read the mails Fortuna sends through nodemailer (mailparser is not a
 * dependency): the subject, and the text/plain body of a single-part or multipart message with
 * its base64 or quoted-printable transfer encoding undone.
 */
export interface MailText {
  subject: string;
  text: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

export function readMailText(raw: string): MailText {
  const message = splitPart(raw.replace(/\r\n/g, '\n'));
  const textPart = leafParts(message).find((part) => mediaType(part) === 'text/plain');
  return {
    subject: decodeEncodedWords(message.headers.get('subject') ?? ''),
    text: textPart ? decodeBody(textPart) : '',
  };
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function mediaType(part: Part): string {
  return (part.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
}

function leafParts(part: Part): Part[] {
  if (!mediaType(part).startsWith('multipart/')) return [part];
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .map((section) => splitPart(section.replace(/^\n/, '')))
    .flatMap(leafParts);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(part.body.replace(/=\n/g, ''));
  return part.body;
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(text[index] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?utf-8?Q?…?=), which nodemailer uses for non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}
