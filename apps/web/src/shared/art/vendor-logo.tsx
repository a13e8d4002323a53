import { useId } from 'react';

interface VendorStyle {
  from: string;
  to: string;
  /** A white glyph on a 20×20 grid, drawn inside the coloured tile. */
  glyph: string;
}

/**
 * Our own badges for the vendors the lobby shows most: a glyph that hints at what each is known for,
 * in colours of its own. They deliberately copy no vendor's real logo.
 */
const vendors: Record<string, VendorStyle> = {
  PG: {
    from: '#ff8a4c',
    to: '#d4145a',
    glyph: 'M6 3.5c0-1.2 1.3-1.9 2.3-1.3l9 6.5c.9.6.9 2 0 2.6l-9 6.5c-1 .6-2.3-.1-2.3-1.3z',
  },
  JDB: {
    from: '#4fc3ff',
    to: '#1b4fd8',
    glyph: 'M5 2h10l4 5.5-9 11-9-11zm1.6 5.5 3.4 7.3 3.4-7.3zm-.2-2h7.2l-1.3-1.8H7.7z',
  },
  CQ9: {
    from: '#ffd54a',
    to: '#e8710a',
    glyph: 'M10 1a9 9 0 1 1 0 18a9 9 0 1 1 0-18zm0 2.2a6.8 6.8 0 1 0 0 13.6a6.8 6.8 0 1 0 0-13.6zM7 7h6v6H7z',
  },
  FC: {
    from: '#3ee6d6',
    to: '#0a7f9e',
    glyph:
      'M1 10c2.5-4 5.6-5.6 9-5.6 3 0 5.3 1.5 6.8 3.6L19.5 5v10l-2.7-3c-1.5 2.1-3.8 3.6-6.8 3.6-3.4 0-6.5-1.6-9-5.6zm5.2-1.6a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 1 0 0-2.4z',
  },
  JL: {
    from: '#c77dff',
    to: '#5b21b6',
    glyph: 'M2 6.5l4.2 3.3L10 3l3.8 6.8L18 6.5 16.4 15H3.6zM3.6 16.5h12.8V18H3.6z',
  },
  BGS: {
    from: '#5ee38a',
    to: '#13803f',
    glyph:
      'M10 1.6a3.7 3.7 0 0 1 3.5 5 3.7 3.7 0 0 1 5 3.5 3.7 3.7 0 0 1-5 3.4l1 4.5-1.6.4-1.2-4.7A3.7 3.7 0 0 1 6.5 13.4a3.7 3.7 0 0 1-5-3.4 3.7 3.7 0 0 1 5-3.5 3.7 3.7 0 0 1 3.5-4.9z',
  },
  IMES: { from: '#ff6b6b', to: '#a3122a', glyph: 'M11.5 1 3.5 11.5h5.2L7.5 19l8.5-11h-5.4z' },
  DS88: {
    from: '#ffcf5a',
    to: '#c2182b',
    glyph:
      'M5 2h10a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3zm1.5 3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 1 0 0-3zm7 7a1.5 1.5 0 1 0 0 3 1.5 1.5 0 1 0 0-3zM10 8.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 1 0 0-3z',
  },
};

/** Any other vendor gets a stable colour from its code and its initial in the tile. */
function generatedStyle(code: string): VendorStyle {
  const hue = [...code].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
  return { from: `hsl(${hue} 80% 62%)`, to: `hsl(${(hue + 35) % 360} 75% 38%)`, glyph: '' };
}

/** Rough advance widths of bold capitals at 14px, to size the badge; the code is centred in
 * its space, so a font that runs a little wider or narrower still sits evenly. */
const advance: Record<string, number> = {
  I: 4.5,
  J: 7.5,
  L: 8,
  1: 7,
  ' ': 4,
  '-': 6,
  '.': 4,
  M: 12.5,
  W: 13.5,
};
const tracking = 1.2;
const textWidthOf = (code: string) =>
  [...code.toUpperCase()].reduce((sum, char) => sum + (advance[char] ?? 10) + tracking, -tracking);

export function VendorLogo({
  code,
  height = 28,
  className,
}: {
  code: string;
  height?: number;
  className?: string;
}) {
  const id = useId();
  const style = vendors[code.toUpperCase()] ?? generatedStyle(code);
  const textWidth = Math.max(8, textWidthOf(code));
  const width = 4 + 24 + 8 + textWidth + 11;
  return (
    <svg
      className={className}
      height={height}
      width={(height * width) / 32}
      viewBox={`0 0 ${width} 32`}
      role="img"
      aria-label={code}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={style.from} />
          <stop offset="1" stopColor={style.to} />
        </linearGradient>
      </defs>
      <rect x="0.5" y="0.5" width={width - 1} height="31" rx="10" fill="#121433" />
      <rect
        x="0.5"
        y="0.5"
        width={width - 1}
        height="31"
        rx="10"
        fill="none"
        stroke={`url(#${id})`}
        strokeOpacity="0.55"
      />
      <rect x="4" y="4" width="24" height="24" rx="7" fill={`url(#${id})`} />
      <rect x="4" y="4" width="24" height="12" rx="7" fill="#fff" opacity="0.14" />
      {style.glyph ? (
        <path d={style.glyph} transform="translate(6 6)" fill="#fff" fillRule="evenodd" />
      ) : (
        <text
          x="16"
          y="21.5"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
          fontWeight="800"
          fontSize="15"
          fill="#fff"
        >
          {code.charAt(0).toUpperCase()}
        </text>
      )}
      <text
        x={36 + textWidth / 2}
        y="21"
        textAnchor="middle"
        letterSpacing={tracking}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontWeight="800"
        fontSize="14"
        fill="#f3f4ff"
      >
        {code}
      </text>
    </svg>
  );
}
