/**
 * A member's profile icon: their initial on a colour of their own, as an SVG data URL. Made
 * from the member id so it stays the same everywhere without storing or serving files.
 */
export function avatarDataUrl(memberId: bigint, nickname: string): string {
  const hue = Number(memberId % 360n);
  const initial = escapeXml(([...nickname.trim()][0] ?? '?').toUpperCase());
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 35%)"/>` +
    `</linearGradient></defs><circle cx="32" cy="32" r="32" fill="url(#g)"/>` +
    `<text x="32" y="41" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
