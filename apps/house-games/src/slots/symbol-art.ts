/**
 * Every symbol drawn in SVG by code (no images): a 100 × 100 view box each. Gradient ids are
 * prefixed with the game and symbol so that many symbols can share one page.
 */
type Art = (id: string) => string;

const grad = (id: string, from: string, to: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
const shine =
  '<ellipse cx="38" cy="28" rx="14" ry="7" fill="#fff" opacity=".35" transform="rotate(-25 38 28)"/>';

const letter =
  (text: string, from: string, to: string, stroke: string): Art =>
  (id) =>
    `${grad(id, from, to)}<text x="50" y="74" text-anchor="middle" font-family="Georgia, serif" font-weight="900" font-size="${text.length > 1 ? 50 : 70}" fill="url(#${id})" stroke="${stroke}" stroke-width="3" paint-order="stroke">${text}</text>`;

const wildBadge = (color: string) =>
  `<rect x="14" y="70" width="72" height="22" rx="11" fill="${color}" stroke="#fff6" stroke-width="2"/><text x="50" y="87" text-anchor="middle" font-family="Arial Black, sans-serif" font-size="16" fill="#fff">WILD</text>`;

const ART: Record<string, Art> = {
  // Lucky Koi
  'lucky-koi:W': (id) =>
    `${grad(id, '#ffe27a', '#c07a10')}<circle cx="50" cy="42" r="32" fill="url(#${id})" stroke="#7a3d00" stroke-width="3"/><path d="M30 44c6-16 28-22 40-8-10-4-18 0-22 8 8-4 16 0 16 8-10-6-22 2-34-8z" fill="#b3121b"/><circle cx="58" cy="34" r="3" fill="#fff"/>${shine}${wildBadge('#b3121b')}`,
  'lucky-koi:S': (id) =>
    `${grad(id, '#ff5a4e', '#a30d12')}<rect x="44" y="6" width="12" height="10" fill="#e8b93a"/><ellipse cx="50" cy="50" rx="32" ry="34" fill="url(#${id})" stroke="#e8b93a" stroke-width="3"/><path d="M26 50h48M30 34h40M30 66h40" stroke="#e8b93a" stroke-width="2" opacity=".7"/><rect x="40" y="82" width="20" height="8" fill="#e8b93a"/><path d="M50 90v8" stroke="#ffcf4a" stroke-width="4"/><path d="M50 38l12 12-12 12-12-12z" fill="none" stroke="#ffe08a" stroke-width="4"/><circle cx="50" cy="50" r="3" fill="#ffe08a"/>${shine}`,
  'lucky-koi:K': (id) =>
    `${grad(id, '#ffb347', '#e2451b')}<path d="M14 50c14-26 50-30 62-2-12 26-48 28-62 2z" fill="url(#${id})" stroke="#7a1d00" stroke-width="2"/><path d="M74 48l20-16-4 18 4 18z" fill="#ff7a2f" stroke="#7a1d00" stroke-width="2"/><circle cx="30" cy="46" r="4" fill="#111"/><path d="M40 36c6 4 10 4 16 0M42 60c6-4 10-4 16 0" stroke="#fff" stroke-width="3" opacity=".6" fill="none"/>${shine}`,
  'lucky-koi:L': (id) =>
    `${grad(id, '#ffd6ef', '#e0529c')}<path d="M50 18c12 14 12 38 0 52-12-14-12-38 0-52z" fill="url(#${id})"/><path d="M50 70c-4-18-18-32-34-34 2 18 16 32 34 34zM50 70c4-18 18-32 34-34-2 18-16 32-34 34z" fill="url(#${id})" stroke="#a3246a" stroke-width="2"/><ellipse cx="50" cy="80" rx="30" ry="7" fill="#2f9a5b"/>`,
  'lucky-koi:C': (id) =>
    `${grad(id, '#9ff5c8', '#17805a')}<circle cx="50" cy="50" r="36" fill="url(#${id})" stroke="#0b4d36" stroke-width="4"/><rect x="40" y="40" width="20" height="20" fill="#0b4d36" rx="2"/><circle cx="50" cy="50" r="26" fill="none" stroke="#d9ffe9" stroke-width="2" opacity=".6"/>${shine}`,
  'lucky-koi:F': (id) =>
    `${grad(id, '#ff8a8a', '#9d1330')}<path d="M50 84L12 36a48 48 0 0 1 76 0z" fill="url(#${id})" stroke="#e8b93a" stroke-width="3"/><path d="M50 84L26 28M50 84L50 20M50 84L74 28" stroke="#e8b93a" stroke-width="2"/><circle cx="50" cy="84" r="5" fill="#e8b93a"/>`,
  'lucky-koi:A': letter('A', '#ffe9a8', '#d39b2a', '#5a3300'),
  'lucky-koi:KK': letter('K', '#bff0ff', '#2b8fc4', '#0b3550'),
  'lucky-koi:Q': letter('Q', '#ffd0e6', '#d14c8a', '#4d0f2c'),
  'lucky-koi:J': letter('J', '#d8ffc2', '#4fae2e', '#1a4010'),
  // Pharaoh's Gold
  'pharaohs-gold:W': (id) =>
    `${grad(id, '#ffe48a', '#a8720c')}<path d="M50 8L90 70H10z" fill="url(#${id})" stroke="#5a3a00" stroke-width="3"/><path d="M50 8L62 70H50z" fill="#000" opacity=".18"/><circle cx="50" cy="26" r="5" fill="#2fb6c9"/>${wildBadge('#1b6f9c')}`,
  'pharaohs-gold:S': (id) =>
    `${grad(id, '#fff3a0', '#f08a00')}<g stroke="#ffcf3a" stroke-width="5" stroke-linecap="round">${Array.from({ length: 12 }, (_, i) => `<path d="M50 50L50 8" transform="rotate(${i * 30} 50 50)"/>`).join('')}</g><circle cx="50" cy="50" r="26" fill="url(#${id})" stroke="#a34a00" stroke-width="3"/>${shine}`,
  'pharaohs-gold:M': (id) =>
    `${grad(id, '#ffe07a', '#b37a12')}<path d="M22 30c0-20 56-20 56 0l8 56H14z" fill="#1d4f9e"/><path d="M18 40h64M16 54h68M15 68h70" stroke="url(#${id})" stroke-width="6"/><ellipse cx="50" cy="48" rx="18" ry="24" fill="url(#${id})" stroke="#6a4200" stroke-width="2"/><path d="M41 44h6M53 44h6" stroke="#111" stroke-width="3"/><rect x="46" y="70" width="8" height="16" fill="#1d4f9e"/>`,
  'pharaohs-gold:E': (id) =>
    `${grad(id, '#8fe9ff', '#1678a3')}<path d="M10 46c20-22 60-22 80 0-20 18-60 18-80 0z" fill="#fff8e0" stroke="url(#${id})" stroke-width="6"/><circle cx="50" cy="46" r="11" fill="url(#${id})"/><circle cx="50" cy="46" r="5" fill="#111"/><path d="M44 58l-6 24c-2 8 10 10 12 2M58 58c8 6 16 8 22 4" stroke="url(#${id})" stroke-width="5" fill="none"/>`,
  'pharaohs-gold:N': (id) =>
    `${grad(id, '#ffe48a', '#b7780c')}<path d="M50 10c-14 0-20 12-20 22s10 18 20 20c10-2 20-10 20-20s-6-22-20-22zm0 10c6 0 9 6 9 12s-5 10-9 12c-4-2-9-6-9-12s3-12 9-12z" fill="url(#${id})" stroke="#6a4200" stroke-width="2"/><rect x="18" y="50" width="64" height="10" rx="3" fill="url(#${id})" stroke="#6a4200" stroke-width="2"/><rect x="44" y="56" width="12" height="36" rx="3" fill="url(#${id})" stroke="#6a4200" stroke-width="2"/>`,
  'pharaohs-gold:B': (id) =>
    `${grad(id, '#5fe0b0', '#0d5e48')}<path d="M50 30c-22 0-30 50 0 60 30-10 22-60 0-60z" fill="url(#${id})" stroke="#032b20" stroke-width="3"/><path d="M50 30v60" stroke="#032b20" stroke-width="2"/><circle cx="50" cy="22" r="10" fill="#0d5e48" stroke="#032b20" stroke-width="2"/><path d="M24 44L6 34M76 44l18-10M26 66L8 72M74 66l18 6" stroke="#032b20" stroke-width="4"/>${shine}`,
  'pharaohs-gold:A': letter('A', '#fff1b8', '#d9a02a', '#4a2c00'),
  'pharaohs-gold:K': letter('K', '#c9f3ff', '#3aa3c9', '#0a3344'),
  'pharaohs-gold:Q': letter('Q', '#ffd8b0', '#d9792a', '#4a2000'),
  'pharaohs-gold:J': letter('J', '#e6d2ff', '#8a5ad9', '#2a1050'),
  // Neon Fruits
  'neon-fruits:W': (id) =>
    `${grad(id, '#fff6a8', '#ffb800')}<path d="M50 6l12 26 28 3-21 19 6 28-25-14-25 14 6-28-21-19 28-3z" fill="url(#${id})" stroke="#ff3fb4" stroke-width="3"/>${wildBadge('#ff3fb4')}`,
  'neon-fruits:S': (id) =>
    `${grad(id, '#b8fbff', '#1aa7d9')}<path d="M26 18h48l18 22-42 50L8 40z" fill="url(#${id})" stroke="#e8fdff" stroke-width="3"/><path d="M8 40h84M26 18l10 22 14 50 14-50 10-22M36 40l14-22 14 22" stroke="#e8fdff" stroke-width="2" fill="none" opacity=".8"/>`,
  'neon-fruits:SE': letter('7', '#ff7a8a', '#c00026', '#ffd23f'),
  'neon-fruits:BE': (id) =>
    `${grad(id, '#ffe680', '#d99a00')}<path d="M50 12c-18 0-24 18-24 34 0 14-8 22-14 28h76c-6-6-14-14-14-28 0-16-6-34-24-34z" fill="url(#${id})" stroke="#7a4a00" stroke-width="3"/><circle cx="50" cy="82" r="8" fill="#7a4a00"/>${shine}`,
  'neon-fruits:ME': (id) =>
    `${grad(id, '#ff6b6b', '#d61e3c')}<path d="M8 40a42 42 0 0 0 84 0z" fill="#2e9e3e"/><path d="M14 40a36 36 0 0 0 72 0z" fill="url(#${id})"/><g fill="#222">${[26, 40, 54, 68, 34, 60].map((x, i) => `<ellipse cx="${x}" cy="${i < 4 ? 52 : 64}" rx="2.5" ry="4"/>`).join('')}</g>`,
  'neon-fruits:GR': (id) =>
    `${grad(id, '#c79bff', '#5b1fa8')}<g fill="url(#${id})" stroke="#2f0b5e" stroke-width="2">${[
      [38, 34],
      [62, 34],
      [50, 34],
      [32, 50],
      [50, 50],
      [68, 50],
      [40, 66],
      [60, 66],
      [50, 80],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11"/>`)
      .join('')}</g><path d="M50 24V10l10-4" stroke="#2e9e3e" stroke-width="4" fill="none"/>`,
  'neon-fruits:PL': (id) =>
    `${grad(id, '#b06bd9', '#4a0f6e')}<ellipse cx="50" cy="56" rx="32" ry="34" fill="url(#${id})" stroke="#2a0640" stroke-width="3"/><path d="M50 24c-4 10-4 40 0 62" stroke="#2a0640" stroke-width="2" fill="none" opacity=".5"/><path d="M50 24l8-14" stroke="#5a3a10" stroke-width="4"/>${shine}`,
  'neon-fruits:OR': (id) =>
    `${grad(id, '#ffc14d', '#f06a00')}<circle cx="50" cy="54" r="34" fill="url(#${id})" stroke="#8a3a00" stroke-width="3"/><path d="M50 20c8-12 22-12 28-8-8 8-18 10-28 8z" fill="#2e9e3e"/>${shine}`,
  'neon-fruits:LE': (id) =>
    `${grad(id, '#fff78a', '#e0c400')}<ellipse cx="50" cy="52" rx="40" ry="28" fill="url(#${id})" stroke="#7a6a00" stroke-width="3"/><circle cx="10" cy="52" r="5" fill="#e0c400"/><circle cx="90" cy="52" r="5" fill="#e0c400"/>${shine}`,
  'neon-fruits:CH': (id) =>
    `${grad(id, '#ff6b7a', '#b3001e')}<path d="M34 62C40 34 52 18 70 10M66 66C64 42 66 24 70 10" stroke="#2e9e3e" stroke-width="4" fill="none"/><circle cx="32" cy="70" r="18" fill="url(#${id})" stroke="#5a000e" stroke-width="2"/><circle cx="66" cy="72" r="18" fill="url(#${id})" stroke="#5a000e" stroke-width="2"/><ellipse cx="26" cy="64" rx="5" ry="3" fill="#fff" opacity=".5"/><ellipse cx="60" cy="66" rx="5" ry="3" fill="#fff" opacity=".5"/>`,
};

/** The SVG of one symbol of one game. */
export function symbolSvg(gameCode: string, symbolId: string): string {
  const art = ART[`${gameCode}:${symbolId}`];
  const body = art
    ? art(`g-${gameCode}-${symbolId}`)
    : letter(symbolId, '#fff', '#aaa', '#333')(`g-${gameCode}-${symbolId}`);
  return `<svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg" role="img" aria-hidden="true">${body}</svg>`;
}
