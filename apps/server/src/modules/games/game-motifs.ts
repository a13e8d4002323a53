/**
 * The pictures of generated game art (viewBox 240×240, drawn around the middle): one per kind of
 * game or slot theme. `c` is the accent colour of the game's palette.
 */
export type Motif = (c: string) => string;

const cards: Motif = (c) =>
  `<g transform="rotate(-12 120 120)"><rect x="68" y="62" width="64" height="92" rx="8" fill="#fff"/><text x="100" y="122" font-size="42" fill="#c81e3a" text-anchor="middle">♥</text></g><g transform="rotate(10 120 120)"><rect x="110" y="68" width="64" height="92" rx="8" fill="#fff"/><text x="142" y="128" font-size="42" fill="#111" text-anchor="middle">♠</text></g><circle cx="120" cy="176" r="13" fill="${c}"/>`;

const roulette: Motif = (c) => {
  const pockets = Array.from({ length: 12 }, (_, index) => {
    const angle = (index * 30 * Math.PI) / 180;
    const x = (120 + 58 * Math.sin(angle)).toFixed(1);
    const y = (120 - 58 * Math.cos(angle)).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="9" fill="${index % 2 ? '#c81e3a' : '#111'}"/>`;
  }).join('');
  return `<circle cx="120" cy="120" r="76" fill="#5a3413"/><circle cx="120" cy="120" r="68" fill="#0d6b3a"/>${pockets}<circle cx="120" cy="120" r="30" fill="${c}"/><circle cx="120" cy="120" r="8" fill="#fff"/><circle cx="152" cy="74" r="6" fill="#fff"/>`;
};

const die = (x: number, y: number, r: number, pips: [number, number][]) =>
  `<g transform="rotate(${r} ${x + 28} ${y + 28})"><rect x="${x}" y="${y}" width="56" height="56" rx="10" fill="#fff"/>${pips.map(([px, py]) => `<circle cx="${x + px}" cy="${y + py}" r="5.5" fill="#c81e3a"/>`).join('')}</g>`;
const dice: Motif = (c) =>
  `<ellipse cx="120" cy="168" rx="80" ry="14" fill="${c}" opacity=".45"/>${die(56, 96, -10, [
    [14, 14],
    [28, 28],
    [42, 42],
  ])}${die(128, 100, 12, [
    [14, 14],
    [42, 14],
    [14, 42],
    [42, 42],
  ])}${die(92, 48, 4, [[28, 28]])}`;

const rocket: Motif = (c) =>
  `<path d="M40 196Q110 170 170 70" fill="none" stroke="${c}" stroke-width="6" stroke-dasharray="4 8" stroke-linecap="round"/><g transform="rotate(40 160 80)"><path d="M160 30q22 26 18 70h-36q-4-44 18-70z" fill="#fff"/><circle cx="160" cy="66" r="9" fill="#3aa0ff"/><path d="M142 88l-12 22h14zM178 88l12 22h-14z" fill="#e23a3a"/><path d="M148 102h24l-12 26z" fill="#ffb13a"/></g>`;

const fish: Motif = (c) =>
  `<path d="M52 122q54-60 112 0-58 60-112 0zM164 122l30-24v48z" fill="${c}"/><circle cx="80" cy="115" r="7" fill="#0b1020"/><path d="M104 92q14 30 0 60" fill="none" stroke="#0b1020" stroke-width="3" opacity=".4"/><g fill="none" stroke="#fff" stroke-width="3" opacity=".6"><circle cx="176" cy="66" r="9"/><circle cx="196" cy="44" r="6"/><circle cx="186" cy="24" r="4"/></g>`;

const balls: Motif = (c) =>
  `<g font-size="24" font-weight="800" text-anchor="middle" font-family="Arial,sans-serif"><circle cx="76" cy="132" r="28" fill="${c}"/><circle cx="120" cy="104" r="28" fill="#fff"/><circle cx="164" cy="132" r="28" fill="${c}"/><text x="76" y="141">8</text><text x="120" y="113">3</text><text x="164" y="141">6</text></g>`;

const reels: Motif = (c) =>
  `<rect x="44" y="70" width="152" height="104" rx="16" fill="#0b1020" opacity=".55"/><g fill="none" stroke="${c}" stroke-width="6"><rect x="44" y="70" width="152" height="104" rx="16"/><path d="M95 70v104M145 70v104"/></g><g font-size="44" font-weight="900" fill="${c}" text-anchor="middle" font-family="Arial,sans-serif"><text x="70" y="137">7</text><text x="120" y="137">7</text><text x="170" y="137">7</text></g>`;

const ball: Motif = (c) =>
  `<circle cx="120" cy="120" r="60" fill="#fff"/><path d="M120 88l30 22-11 34h-38l-11-34z" fill="#111"/><circle cx="120" cy="120" r="60" fill="none" stroke="${c}" stroke-width="7"/>`;

const controller: Motif = (c) =>
  `<path d="M56 104q0-24 26-24h76q26 0 26 24l12 52q2 20-16 20-12 0-22-16H82q-10 16-22 16-18 0-16-20z" fill="${c}"/><g fill="#0b1020"><rect x="72" y="114" width="32" height="10" rx="3"/><rect x="83" y="103" width="10" height="32" rx="3"/><circle cx="156" cy="110" r="7"/><circle cx="172" cy="126" r="7"/></g>`;

const rooster: Motif = (c) =>
  `<path d="M88 176q-36-48 10-96 12 20 36 12 40-4 52 34-24-10-36 8 24 12 12 42z" fill="${c}"/><path d="M98 82l-10-22 20 10 4-20 10 22z" fill="#e23a3a"/><circle cx="104" cy="100" r="4" fill="#0b1020"/><path d="M86 104l-14 6 14 4z" fill="#ffb13a"/>`;

const mahjong: Motif = (c) =>
  `<g transform="rotate(-8 120 120)"><rect x="76" y="58" width="88" height="120" rx="12" fill="#f4efe2"/><rect x="76" y="166" width="88" height="14" rx="6" fill="${c}"/><text x="120" y="138" font-size="64" font-weight="900" fill="#c81e3a" text-anchor="middle">中</text></g>`;

const mines: Motif = (c) =>
  `<g>${[0, 1, 2]
    .flatMap((row) =>
      [0, 1, 2].map(
        (col) =>
          `<rect x="${58 + col * 44}" y="${58 + row * 44}" width="38" height="38" rx="8" fill="${(row + col) % 2 ? '#1d2448' : '#2a3363'}"/>`,
      ),
    )
    .join(
      '',
    )}<circle cx="121" cy="121" r="15" fill="#111"/><path d="M121 101v-8M135 107l6-6" stroke="#ffb13a" stroke-width="4"/><path d="M165 67l8 10-8 10-8-10z" fill="${c}"/></g>`;

const coins: Motif = (c) =>
  `<g fill="${c}" stroke="#7a5300" stroke-width="3">${[0, 1, 2, 3]
    .map((level) => `<ellipse cx="92" cy="${172 - level * 16}" rx="34" ry="11"/>`)
    .join('')}${[0, 1, 2]
    .map((level) => `<ellipse cx="152" cy="${172 - level * 16}" rx="34" ry="11"/>`)
    .join(
      '',
    )}</g><circle cx="130" cy="76" r="30" fill="${c}" stroke="#7a5300" stroke-width="4"/><text x="130" y="88" font-size="32" font-weight="900" fill="#7a5300" text-anchor="middle" font-family="Arial,sans-serif">$</text>`;

const gem: Motif = (c) =>
  `<path d="M72 92l22-30h52l22 30-48 76z" fill="${c}"/><path d="M72 92h96M94 62l26 106 26-106M94 62l-2 30M146 62l2 30" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/>`;

const crown: Motif = (c) =>
  `<path d="M60 160l-8-80 38 34 30-50 30 50 38-34-8 80z" fill="${c}"/><rect x="60" y="160" width="120" height="18" rx="4" fill="${c}"/><g fill="#c81e3a"><circle cx="90" cy="146" r="8"/><circle cx="150" cy="146" r="8"/></g><circle cx="120" cy="140" r="10" fill="#3aa0ff"/>`;

const beast: Motif = (c) =>
  `<path d="M62 70l22 30M178 70l-22 30" stroke="${c}" stroke-width="16" stroke-linecap="round"/><circle cx="120" cy="126" r="58" fill="${c}"/><g fill="#0b1020"><path d="M92 112q10-10 20 0-10 8-20 0zM128 112q10-10 20 0-10 8-20 0z"/><path d="M110 144h20l-10 12z"/></g><path d="M96 162q24 14 48 0" fill="none" stroke="#0b1020" stroke-width="4"/>`;

const flame: Motif = (c) =>
  `<path d="M120 34q10 30-10 56-20 24-20 52a40 40 0 0 0 80 0q0-20-14-36 0 20-16 26 12-36-20-98z" fill="${c}"/><path d="M122 110q4 16-6 28-8 10-6 20a16 16 0 0 0 32 0q0-14-20-48z" fill="#fff3" />`;

const pyramid: Motif = (c) =>
  `<circle cx="176" cy="66" r="22" fill="#ffd34d"/><path d="M36 182l84-112 84 112z" fill="${c}"/><path d="M120 70l28 112h56z" fill="#0b1020" opacity=".25"/><path d="M96 182v-26h48v26" fill="#0b1020" opacity=".4"/>`;

const fruit: Motif = (c) =>
  `<path d="M120 60q-4 40-34 66M120 60q14 40 36 62" fill="none" stroke="#2f8f3a" stroke-width="6"/><path d="M120 60q24-16 44-4-22 14-44 4z" fill="#3cb44a"/><circle cx="84" cy="146" r="30" fill="${c}"/><circle cx="156" cy="140" r="30" fill="${c}"/><circle cx="74" cy="136" r="8" fill="#fff" opacity=".5"/><circle cx="146" cy="130" r="8" fill="#fff" opacity=".5"/>`;

const lantern: Motif = (c) =>
  `<path d="M120 40v18" stroke="#ffd34d" stroke-width="4"/><rect x="98" y="54" width="44" height="10" rx="3" fill="#ffd34d"/><ellipse cx="120" cy="118" rx="54" ry="56" fill="${c}"/><path d="M120 62v112M94 68q-16 50 0 100M146 68q16 50 0 100" fill="none" stroke="#ffd34d" stroke-width="3" opacity=".8"/><rect x="98" y="170" width="44" height="10" rx="3" fill="#ffd34d"/><path d="M120 180v26" stroke="#ffd34d" stroke-width="4"/>`;

const star = (x: number, y: number, r: number, fill: string) =>
  `<path d="M${x} ${y - r}l${r * 0.29} ${r * 0.6} ${r * 0.66} ${r * 0.1}-${r * 0.48} ${r * 0.46} ${r * 0.12} ${r * 0.66}-${r * 0.59}-${r * 0.31}-${r * 0.59} ${r * 0.31} ${r * 0.12}-${r * 0.66}-${r * 0.48}-${r * 0.46} ${r * 0.66}-${r * 0.1}z" fill="${fill}"/>`;
const stars: Motif = (c) =>
  `${star(120, 118, 60, c)}${star(58, 64, 18, '#fff')}${star(184, 172, 14, '#fff')}`;

const leaves: Motif = (c) =>
  `<g fill="${c}"><path d="M120 190q-70-40-50-130 40 40 50 130z"/><path d="M120 190q70-40 50-130-40 40-50 130z" opacity=".8"/><path d="M120 190q-6-90 0-150 6 60 0 150z" fill="#fff" opacity=".3"/></g>`;

const volcano: Motif = (c) =>
  `<path d="M36 190l62-90h44l62 90z" fill="#4a2a1a"/><path d="M98 100q22 20 44 0l-6-8h-32z" fill="${c}"/><path d="M110 90q-20-40 10-60 0 20 20 14-4 24-10 46z" fill="${c}"/>`;

const wave: Motif = (c) =>
  `<circle cx="120" cy="96" r="30" fill="#fff" opacity=".9"/><path d="M30 150q22-22 45 0t45 0 45 0 45 0v50H30z" fill="${c}"/><path d="M30 172q22-22 45 0t45 0 45 0 45 0v30H30z" fill="#0b1020" opacity=".35"/>`;

const candy: Motif = (c) =>
  `<path d="M70 96l-26-20v44zM170 96l26-20v44z" fill="${c}"/><circle cx="120" cy="98" r="46" fill="${c}"/><path d="M92 70q28 28 0 56M120 52q28 46 0 92M148 70q-28 28 0 56" fill="none" stroke="#fff" stroke-width="6" opacity=".75"/><rect x="114" y="140" width="12" height="56" rx="6" fill="#fff"/>`;

const lamp: Motif = (c) =>
  `<path d="M54 150q40 18 90 0l40-40q8-6 16 0-10 4-20 20-18 30-62 36H92q-30-6-38-16z" fill="${c}"/><path d="M100 142q0-26 24-30 24 4 24 30z" fill="${c}"/><path d="M124 110q-4-40 20-64-30 10-30 40" fill="none" stroke="#fff" stroke-width="4" opacity=".6"/><rect x="96" y="164" width="50" height="10" rx="4" fill="${c}"/>`;

const swords: Motif = (c) =>
  `<g stroke-linecap="round"><path d="M62 178L178 62" stroke="#e6e9f0" stroke-width="9"/><path d="M178 178L62 62" stroke="#e6e9f0" stroke-width="9"/><path d="M82 150l-20 20M158 150l20 20" stroke="${c}" stroke-width="14"/></g><circle cx="120" cy="120" r="18" fill="${c}"/>`;

const pearl: Motif = (c) =>
  `<path d="M50 150q70-110 140 0z" fill="${c}"/><path d="M50 150q70 50 140 0z" fill="${c}" opacity=".75"/><circle cx="120" cy="134" r="24" fill="#fff"/><circle cx="112" cy="126" r="7" fill="#fff" opacity=".9"/>`;

const MOTIFS = {
  cards,
  roulette,
  dice,
  rocket,
  fish,
  balls,
  reels,
  ball,
  controller,
  rooster,
  mahjong,
  mines,
  coins,
  gem,
  crown,
  beast,
  flame,
  pyramid,
  fruit,
  lantern,
  stars,
  leaves,
  volcano,
  wave,
  candy,
  lamp,
  swords,
  pearl,
} satisfies Record<string, Motif>;
export type MotifName = keyof typeof MOTIFS;

type Theme = [pattern: RegExp, motif: MotifName, hue: number];

/**
 * The slot themes, by a word of the game's name: first its subject (Dragon, Koi, Samurai…), then,
 * for a name without one, its mood (Golden, Mystic…); the first that matches draws its motif.
 */
const SLOT_THEMES: Theme[] = [
  [/dragon|phoenix/i, 'flame', 8],
  [/tiger|lion|wolf|panda|buffalo|beast/i, 'beast', 32],
  [/koi|fish|mermaid/i, 'fish', 196],
  [/pearl/i, 'pearl', 186],
  [/ocean|sea|reef|wave/i, 'wave', 205],
  [/pharaoh|temple|empire|egypt/i, 'pyramid', 42],
  [/samurai/i, 'swords', 355],
  [/genie/i, 'lamp', 280],
  [/lantern/i, 'lantern', 0],
  [/volcano/i, 'volcano', 15],
  [/jungle|eagle/i, 'leaves', 120],
  [/fruit|cherry/i, 'fruit', 345],
  [/candy/i, 'candy', 320],
  [/gem|diamond/i, 'gem', 160],
  [/coin|riches|treasure|jackpot/i, 'coins', 45],
  [/star/i, 'stars', 250],
  [/king|queen|legend/i, 'crown', 48],
  [/bingo|keno|lotto|pachinko/i, 'balls', 210],
  [/fiery|fire/i, 'flame', 8],
  [/ancient/i, 'pyramid', 42],
  [/crystal|emerald|ruby|jade/i, 'gem', 160],
  [/gold|fortune/i, 'coins', 45],
  [/sweet/i, 'candy', 320],
  [/cosmic|midnight/i, 'stars', 250],
  [/magic|mystic/i, 'lamp', 280],
  [/royal/i, 'crown', 48],
];

/** The table, card and arcade games, by a word of the game's name. */
const TABLE_GAMES: Theme[] = [
  [/roulette/i, 'roulette', 150],
  [/sic ?bo|dice/i, 'dice', 350],
  [/crash|rocket/i, 'rocket', 230],
  [/\bmines?\b/i, 'mines', 225],
  [/mahjong/i, 'mahjong', 140],
  [/fan tan/i, 'coins', 20],
];

export interface MotifChoice {
  name: MotifName;
  motif: Motif;
  /** The palette's hue; null: one from the game's hash. */
  hue: number | null;
}

const choice = (name: MotifName, hue: number | null): MotifChoice => ({ name, motif: MOTIFS[name], hue });

function themed(themes: Theme[], title: string): MotifChoice | null {
  const found = themes.find(([pattern]) => pattern.test(title));
  return found ? choice(found[1], found[2]) : null;
}

/** What a game's art shows: by its category, then (tables, slots) by the words of its name. */
export function motifOf(gameType: string, title: string): MotifChoice {
  switch (gameType) {
    case 'FISH':
      return choice('fish', 200);
    case 'LIVE':
    case 'PVP':
      return themed(TABLE_GAMES, title) ?? choice('cards', null);
    case 'SPORTS':
      return choice('ball', 130);
    case 'ESPORTS':
      return choice('controller', 265);
    case 'COCKFIGHT':
      return choice('rooster', 20);
    case 'LOTT':
      return choice('balls', 210);
    default:
      return themed(SLOT_THEMES, title) ?? themed(TABLE_GAMES, title) ?? choice('reels', null);
  }
}
