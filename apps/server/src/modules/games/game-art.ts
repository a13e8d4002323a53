import { createHash } from 'node:crypto';
import type { GameCategory } from '@fortuna/contracts/categories';

/** Art drawn by code (no image files to ship): the same game always gets the same picture. */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function hashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A motif per category, drawn in the middle of the tile (viewBox 240×240). */
const MOTIFS: Record<GameCategory, (accent: string) => string> = {
  RNG: (c) =>
    `<g fill="none" stroke="${c}" stroke-width="6"><rect x="58" y="52" width="124" height="92" rx="14"/><path d="M99 52v92M141 52v92"/></g><text x="120" y="112" font-size="44" font-weight="900" fill="${c}" text-anchor="middle">7</text>`,
  FISH: (c) =>
    `<path d="M60 100q50-56 104 0-54 56-104 0zM164 100l26-22v44z" fill="${c}"/><circle cx="86" cy="94" r="6" fill="#0b1020"/><g fill="none" stroke="${c}" stroke-width="3" opacity=".7"><circle cx="170" cy="52" r="8"/><circle cx="190" cy="34" r="5"/></g>`,
  LIVE: (c) =>
    `<g transform="rotate(-12 120 100)"><rect x="70" y="46" width="62" height="88" rx="8" fill="#fff"/><text x="101" y="104" font-size="40" fill="#c81e3a" text-anchor="middle">♥</text></g><g transform="rotate(10 120 100)"><rect x="112" y="52" width="62" height="88" rx="8" fill="#fff"/><text x="143" y="110" font-size="40" fill="#111" text-anchor="middle">♠</text></g><circle cx="120" cy="150" r="14" fill="${c}"/>`,
  PVP: (c) =>
    `<g font-size="46" text-anchor="middle" fill="${c}"><text x="84" y="92">♠</text><text x="156" y="92">♦</text><text x="84" y="148">♣</text><text x="156" y="148">♥</text></g>`,
  SPORTS: (c) =>
    `<circle cx="120" cy="100" r="50" fill="#fff"/><path d="M120 72l24 18-9 28h-30l-9-28z" fill="#111"/><circle cx="120" cy="100" r="50" fill="none" stroke="${c}" stroke-width="6"/>`,
  ESPORTS: (c) =>
    `<path d="M66 84q0-20 22-20h64q22 0 22 20l10 44q2 16-14 16-10 0-18-14H88q-8 14-18 14-16 0-14-16z" fill="${c}"/><g fill="#0b1020"><rect x="80" y="92" width="26" height="8" rx="3"/><rect x="89" y="83" width="8" height="26" rx="3"/><circle cx="150" cy="90" r="6"/><circle cx="164" cy="104" r="6"/></g>`,
  COCKFIGHT: (c) =>
    `<path d="M92 142q-30-40 8-80 10 16 30 10 34-4 44 28-20-8-30 6 20 10 10 36z" fill="${c}"/><path d="M100 62l-8-18 16 8 4-16 8 18z" fill="#e23a3a"/>`,
  LOTT: (c) =>
    `<g font-size="22" font-weight="800" text-anchor="middle"><circle cx="82" cy="100" r="24" fill="${c}"/><circle cx="120" cy="86" r="24" fill="#fff"/><circle cx="158" cy="100" r="24" fill="${c}"/><text x="82" y="108">8</text><text x="120" y="94">3</text><text x="158" y="108">6</text></g>`,
};

/** Splits a title over at most two lines of about `width` characters. */
function titleLines(title: string, width = 15): string[] {
  const words = title.split(/\s+/);
  const lines: string[] = [''];
  for (const word of words) {
    const last = lines.length - 1;
    if (lines[last] && `${lines[last]} ${word}`.length > width && lines.length < 2) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.map((line) => (line.length > width + 4 ? `${line.slice(0, width + 2)}…` : line));
}

export function gameArtSvg(game: {
  nodeId: number;
  gameName: string;
  gameType: GameCategory;
  vassalage: string;
}): string {
  const bytes = hashBytes(`${game.vassalage}:${game.nodeId}`);
  const hue = Math.round(((bytes[0] ?? 0) / 255) * 360);
  const hue2 = (hue + 40 + ((bytes[1] ?? 0) % 80)) % 360;
  const accent = `hsl(${(hue + 180) % 360} 90% 65%)`;
  // The column is text: a row from before a category was renamed still gets art.
  const motif = (MOTIFS[game.gameType] ?? MOTIFS.RNG)(accent);
  const lines = titleLines(game.gameName);
  const titleY = lines.length === 1 ? 200 : 186;
  const title = lines
    .map((line, index) => `<tspan x="120" y="${titleY + index * 24}">${escapeXml(line)}</tspan>`)
    .join('');
  const sparkleX = 30 + ((bytes[2] ?? 0) % 180);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" font-family="Arial,Helvetica,sans-serif"><defs><radialGradient id="g" cx=".3" cy=".25" r="1"><stop offset="0" stop-color="hsl(${hue} 75% 52%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 16%)"/></radialGradient></defs><rect width="240" height="240" fill="url(#g)"/><circle cx="${sparkleX}" cy="30" r="60" fill="#fff" opacity=".07"/>${motif}<rect x="0" y="160" width="240" height="80" fill="#000" opacity=".35"/><text font-size="21" font-weight="800" fill="#fff" text-anchor="middle">${title}</text></svg>`;
}

export function vendorLogoSvg(code: string, name: string): string {
  const bytes = hashBytes(code);
  const hue = Math.round(((bytes[0] ?? 0) / 255) * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 60" font-family="Arial,Helvetica,sans-serif"><rect width="160" height="60" rx="12" fill="hsl(${hue} 60% 22%)"/><rect x="3" y="3" width="154" height="54" rx="10" fill="none" stroke="hsl(${hue} 80% 60%)" stroke-width="2"/><text x="80" y="33" font-size="22" font-weight="900" fill="#fff" text-anchor="middle">${escapeXml(code)}</text><text x="80" y="50" font-size="10" fill="hsl(${hue} 80% 80%)" text-anchor="middle">${escapeXml(name.slice(0, 26))}</text></svg>`;
}

/** A strong validator for an art answer, so that a revalidation costs no body. */
export const etagOf = (svg: string) => `"${createHash('sha1').update(svg).digest('base64url')}"`;
