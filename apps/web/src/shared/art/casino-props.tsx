import type { Paint } from './art-paint.tsx';
import { circlePath } from './svg-path.ts';

/** The props the hero scene and the illustrations are built from, each drawn around its own origin. */

interface Placed {
  x: number;
  y: number;
}

const chipColours = {
  red: { top: '#e53950', side: '#a8172f', face: '#c92a43' },
  violet: { top: '#7c4dff', side: '#4a2bd1', face: '#6236f0' },
  teal: { top: '#19c9bc', side: '#0a7f86', face: '#12aca2' },
  navy: { top: '#2b2f6e', side: '#161845', face: '#23275e' },
} as const;

export type ChipColour = keyof typeof chipColours;

/** A stack of casino chips seen from slightly above: edge inserts on the rim and on the sides. */
export function ChipStack({
  x,
  y,
  r,
  count = 1,
  colour,
  paint,
}: Placed & { r: number; count?: number; colour: ChipColour; paint: Paint }) {
  const { top, side, face } = chipColours[colour];
  const ry = r * 0.42;
  const thickness = r * 0.24;
  return (
    <g transform={`translate(${x} ${y})`}>
      {Array.from({ length: count }, (_, level) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the stack levels never reorder
        <g key={level} transform={`translate(0 ${-level * thickness})`}>
          <path d={`M${-r} 0v${thickness}a${r} ${ry} 0 0 0 ${2 * r} 0v${-thickness}z`} fill={side} />
          <path
            d={`M${-r} ${thickness / 2}a${r} ${ry} 0 0 0 ${2 * r} 0`}
            fill="none"
            stroke="#fff"
            strokeOpacity="0.8"
            strokeWidth={thickness * 0.56}
            pathLength={12}
            strokeDasharray="0.55 1.45"
            strokeDashoffset="0.3"
          />
          <ellipse rx={r} ry={ry} fill={top} />
          <ellipse
            rx={r * 0.86}
            ry={ry * 0.86}
            fill="none"
            stroke="#fff"
            strokeWidth={r * 0.11}
            pathLength={16}
            strokeDasharray="1 1"
          />
          <ellipse rx={r * 0.6} ry={ry * 0.6} fill={face} stroke={paint.gold} strokeWidth={r * 0.05} />
          <ellipse cy={-ry * 0.1} rx={r * 0.42} ry={ry * 0.3} fill="#fff" opacity="0.12" />
        </g>
      ))}
    </g>
  );
}

/** A five-pointed star on a 20-unit grid, the coins' emblem. */
const star = 'M0-9.5 2.8-3.4 9.5-2.9 4.4 1.5 5.9 8 0 4.6-5.9 8-4.4 1.5-9.5-2.9-2.8-3.4z';

/** A gold coin, tilted by squashing it (`tilt` 1 faces us, 0.3 lies almost flat) and turned by `turn` degrees. */
export function Coin({
  x,
  y,
  r,
  tilt = 1,
  turn = 0,
  paint,
}: Placed & { r: number; tilt?: number; turn?: number; paint: Paint }) {
  const edge = (r * 0.16) / Math.max(tilt, 0.3);
  return (
    <g transform={`translate(${x} ${y}) rotate(${turn}) scale(1 ${tilt})`}>
      <path d={`M${-r} 0v${edge}a${r} ${r} 0 0 0 ${2 * r} 0v${-edge}z`} fill={paint.goldSide} />
      <circle r={r} fill={paint.gold} />
      <circle r={r * 0.78} fill="none" stroke="#b27a12" strokeOpacity="0.7" strokeWidth={r * 0.08} />
      <path d={star} transform={`scale(${r / 19})`} fill="#fff3c4" opacity="0.9" />
      <path
        d={`M${-r * 0.62} ${-r * 0.5}a${r * 0.8} ${r * 0.8} 0 0 1 ${r * 0.9} ${-r * 0.35}`}
        stroke="#fff"
        strokeOpacity="0.7"
        strokeWidth={r * 0.09}
        strokeLinecap="round"
        fill="none"
      />
    </g>
  );
}

export const suits = {
  heart: 'M0 9.5C-5.5 5.2-10 1.8-10-2.8A5.2 5.2 0 0 1 0-4.8 5.2 5.2 0 0 1 10-2.8C10 1.8 5.5 5.2 0 9.5z',
  spade: 'M0-10C-5.5-5.7-10-2.3-10 2.3A5 5 0 0 0-1 4.6L-3 10h6L1 4.6A5 5 0 0 0 10 2.3C10-2.3 5.5-5.7 0-10z',
  diamond: 'M0-10 7.5 0 0 10-7.5 0z',
  club: `${circlePath(0, -4.6, 4.4)}${circlePath(-4.9, 2, 4.4)}${circlePath(4.9, 2, 4.4)}M-1.2 2h2.4l1.9 8h-6.2z`,
} as const;

/** A playing card, 80×112, centred on its origin. */
export function Card({
  x,
  y,
  turn = 0,
  rank,
  suit,
  paint,
}: Placed & { turn?: number; rank: string; suit: keyof typeof suits; paint: Paint }) {
  const ink = suit === 'heart' || suit === 'diamond' ? '#d0263d' : '#1b1d45';
  return (
    <g transform={`translate(${x} ${y}) rotate(${turn})`}>
      <rect x="-38" y="-52" width="80" height="112" rx="10" fill="#000" opacity="0.25" />
      <rect
        x="-40"
        y="-56"
        width="80"
        height="112"
        rx="10"
        fill={paint.card}
        stroke="#c9c2ff"
        strokeWidth="1.5"
      />
      <rect x="-33" y="-49" width="66" height="98" rx="6" fill="none" stroke={ink} strokeOpacity="0.12" />
      <text
        x="-29"
        y="-27"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="700"
        fontSize="22"
        fill={ink}
        textAnchor="middle"
      >
        {rank}
      </text>
      <path d={suits[suit]} transform="translate(-29 -15) scale(0.6)" fill={ink} />
      <path d={suits[suit]} transform="translate(0 8) scale(1.7)" fill={ink} />
      <g transform="rotate(180)">
        <text
          x="-29"
          y="-27"
          fontFamily="Georgia, 'Times New Roman', serif"
          fontWeight="700"
          fontSize="22"
          fill={ink}
          textAnchor="middle"
        >
          {rank}
        </text>
      </g>
    </g>
  );
}

/** A four-pointed glint; `size` is its half-width. */
export function Sparkle({ x, y, size, colour = '#fff6d8' }: Placed & { size: number; colour?: string }) {
  return (
    <path
      d="M0-10C.8-3 3-.8 10 0 3 .8.8 3 0 10-.8 3-3 .8-10 0-3-.8-.8-3 0-10z"
      transform={`translate(${x} ${y}) scale(${size / 10})`}
      fill={colour}
    />
  );
}

/** Pip centres on a unit face, by the number shown. */
const pips: Record<number, Array<[number, number]>> = {
  1: [[0.5, 0.5]],
  2: [
    [0.28, 0.28],
    [0.72, 0.72],
  ],
  3: [
    [0.25, 0.25],
    [0.5, 0.5],
    [0.75, 0.75],
  ],
  4: [
    [0.28, 0.28],
    [0.72, 0.28],
    [0.28, 0.72],
    [0.72, 0.72],
  ],
  5: [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.5, 0.5],
    [0.25, 0.75],
    [0.75, 0.75],
  ],
};

/** An isometric die of edge `size`, showing `faces` [top, left, right]. */
export function Die({
  x,
  y,
  size,
  faces = [1, 2, 3],
  turn = 0,
}: Placed & { size: number; faces?: [number, number, number]; turn?: number }) {
  const w = 0.87;
  const sidesOf = [
    { matrix: `matrix(${w} -0.5 ${w} 0.5 ${-w} -0.5)`, fill: '#ff8a98' },
    { matrix: `matrix(${w} 0.5 0 1 ${-w} -0.5)`, fill: '#e0344d' },
    { matrix: `matrix(${w} -0.5 0 1 0 0)`, fill: '#b81f38' },
  ];
  return (
    <g transform={`translate(${x} ${y}) rotate(${turn}) scale(${size})`}>
      {sidesOf.map((side, index) => (
        <g key={side.fill} transform={side.matrix}>
          <rect
            width="1"
            height="1"
            fill={side.fill}
            stroke={side.fill}
            strokeWidth="0.12"
            strokeLinejoin="round"
          />
          {pips[faces[index] ?? 1]?.map(([px, py]) => (
            <circle key={`${px}-${py}`} cx={px} cy={py} r="0.1" fill="#fff" />
          ))}
        </g>
      ))}
    </g>
  );
}
