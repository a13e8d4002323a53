import { createHash } from 'node:crypto';
import type { GameCategory } from '@fortuna/contracts/categories';
import { motifOf } from './game-motifs.ts';

/** Art drawn by code (no image files to ship): the same game always gets the same picture. */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function hashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * A game's art: the picture of its kind of game or its theme (game-motifs.ts) on a palette of that
 * theme, varied a little per game. The name is not printed: the tile prints it once, beneath.
 */
export function gameArtSvg(game: {
  nodeId: number;
  gameName: string;
  gameType: GameCategory;
  vassalage: string;
}): string {
  const bytes = hashBytes(`${game.vassalage}:${game.nodeId}`);
  const { name, motif, hue: themeHue } = motifOf(game.gameType, game.gameName);
  const hue =
    themeHue === null ? Math.round(((bytes[0] ?? 0) / 255) * 360) : themeHue + ((bytes[0] ?? 0) % 24) - 12;
  const hue2 = (hue + 20 + ((bytes[1] ?? 0) % 50)) % 360;
  const accent = `hsl(${(hue + 40) % 360} 90% 62%)`;
  const glowX = 40 + ((bytes[2] ?? 0) % 160);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" font-family="Arial,Helvetica,sans-serif"><defs><radialGradient id="g" cx=".35" cy=".3" r="1"><stop offset="0" stop-color="hsl(${hue} 70% 46%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 12%)"/></radialGradient></defs><rect width="240" height="240" fill="url(#g)"/><circle cx="${glowX}" cy="40" r="70" fill="#fff" opacity=".08"/><g data-motif="${name}">${motif(accent)}</g></svg>`;
}

export function vendorLogoSvg(code: string, name: string): string {
  const bytes = hashBytes(code);
  const hue = Math.round(((bytes[0] ?? 0) / 255) * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 60" font-family="Arial,Helvetica,sans-serif"><rect width="160" height="60" rx="12" fill="hsl(${hue} 60% 22%)"/><rect x="3" y="3" width="154" height="54" rx="10" fill="none" stroke="hsl(${hue} 80% 60%)" stroke-width="2"/><text x="80" y="33" font-size="22" font-weight="900" fill="#fff" text-anchor="middle">${escapeXml(code)}</text><text x="80" y="50" font-size="10" fill="hsl(${hue} 80% 80%)" text-anchor="middle">${escapeXml(name.slice(0, 26))}</text></svg>`;
}

/** A strong validator for an art answer, so that a revalidation costs no body. */
export const etagOf = (svg: string) => `"${createHash('sha1').update(svg).digest('base64url')}"`;
