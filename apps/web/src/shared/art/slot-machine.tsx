import type { ReactNode } from 'react';
import type { Paint } from './art-paint.tsx';

/** A lucky seven, about 34×48, centred on its origin. */
export function Seven({ paint }: { paint: Paint }) {
  return (
    <path
      d="M-16-23H16v8.5L2 24H-11.5L2.5-14H-16z"
      fill={paint.red}
      stroke={paint.gold}
      strokeWidth="3"
      strokeLinejoin="round"
      paintOrder="stroke"
    />
  );
}

/** A reel glyph set in type, e.g. the digits of "404". */
export function ReelText({ children, paint }: { children: string; paint: Paint }) {
  return (
    <text
      y="19"
      textAnchor="middle"
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
      fontWeight="900"
      fontSize="54"
      fill={paint.red}
      stroke={paint.gold}
      strokeWidth="2.5"
      paintOrder="stroke"
    >
      {children}
    </text>
  );
}

const reelLeft = [-92, -29, 34];
const bulbs = [-80, -60, -40, -20, 0, 20, 40, 60, 80];

/**
 * A three-reel slot machine about 270×260, its top centre at the origin. `reels` are drawn in the
 * windows; `title` lights the marquee, which otherwise shows its bulbs alone.
 */
export function SlotMachine({ reels, title, paint }: { reels: ReactNode[]; title?: string; paint: Paint }) {
  const bulbY = title ? 13 : 29;
  return (
    <g>
      <path
        d="M-108 230h216l-12 26h-192z"
        fill={paint.violetDeep}
        stroke={paint.gold}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M-104 58V30a30 30 0 0 1 30-30h148a30 30 0 0 1 30 30v28z"
        fill={paint.violetDeep}
        stroke={paint.gold}
        strokeWidth="4"
      />
      {bulbs.map((x, index) => (
        <g key={x}>
          <circle cx={x} cy={bulbY} r="7" fill={paint.goldGlow} />
          <circle cx={x} cy={bulbY} r="3.2" fill={index % 2 ? '#fff6d8' : '#ffd24d'} />
        </g>
      ))}
      {title ? (
        <text
          y="46"
          textAnchor="middle"
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
          fontWeight="900"
          fontSize="24"
          letterSpacing="4"
          fill={paint.gold}
        >
          {title}
        </text>
      ) : null}
      <rect
        x="-120"
        y="54"
        width="240"
        height="178"
        rx="24"
        fill={paint.violet}
        stroke={paint.gold}
        strokeWidth="4"
      />
      <rect
        x="-112"
        y="62"
        width="224"
        height="162"
        rx="18"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.16"
        strokeWidth="2"
      />
      <rect
        x="-100"
        y="74"
        width="200"
        height="104"
        rx="14"
        fill={paint.navy}
        stroke={paint.goldSide}
        strokeWidth="3"
      />
      {reelLeft.map((x, index) => (
        <g key={x}>
          <rect x={x} y="82" width="58" height="88" rx="8" fill={paint.card} />
          <g transform={`translate(${x + 29} 126)`}>{reels[index]}</g>
          <rect x={x} y="82" width="58" height="88" rx="8" fill={paint.reelShade} />
        </g>
      ))}
      <path d="M-100 126h200" stroke="#ff5b6e" strokeOpacity="0.6" strokeWidth="2" />
      <path d="M-108 119l10 7-10 7zM108 119l-10 7 10 7z" fill={paint.gold} />
      <rect x="-96" y="190" width="192" height="28" rx="10" fill={paint.violetDeep} />
      <circle cx="-66" cy="204" r="8" fill={paint.red} />
      <circle cx="-40" cy="204" r="8" fill={paint.gold} />
      <circle cx="-14" cy="204" r="8" fill={paint.teal} />
      <rect
        x="44"
        y="198"
        width="36"
        height="12"
        rx="4"
        fill={paint.navy}
        stroke={paint.goldSide}
        strokeWidth="2"
      />
      <path
        d="M120 150h26V74"
        fill="none"
        stroke={paint.gold}
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="116" y="136" width="14" height="30" rx="5" fill={paint.goldSide} />
      <circle cx="146" cy="66" r="13" fill={paint.red} />
      <circle cx="142" cy="61" r="4" fill="#fff" opacity="0.6" />
    </g>
  );
}
