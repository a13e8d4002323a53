/** Typographic vendor badges; each known vendor keeps its own colours, others get one from their code. */
const palettes: Record<string, [string, string]> = {
  PG: ['#ff6a3d', '#c2185b'],
  JDB: ['#1e88e5', '#0d47a1'],
  CQ9: ['#ffb300', '#e65100'],
  FC: ['#26c6da', '#00838f'],
  JL: ['#ab47bc', '#6a1b9a'],
  BGS: ['#66bb6a', '#2e7d32'],
  IMES: ['#ef5350', '#8e0000'],
  DS88: ['#ffca28', '#b71c1c'],
};

function paletteOf(code: string): [string, string] {
  const known = palettes[code];
  if (known) return known;
  const hue = [...code].reduce((sum, char) => sum + char.charCodeAt(0) * 37, 0) % 360;
  return [`hsl(${hue} 70% 58%)`, `hsl(${(hue + 40) % 360} 70% 38%)`];
}

export function VendorLogo({ code, height = 28 }: { code: string; height?: number }) {
  const [from, to] = paletteOf(code);
  const width = Math.max(64, 22 + code.length * 14);
  const id = `vendor-${code.replace(/[^A-Za-z0-9]/g, '')}`;
  return (
    <svg height={height} viewBox={`0 0 ${width} 32`} role="img" aria-label={code}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width={width - 2} height="30" rx="9" fill={`url(#${id})`} />
      <rect x="1" y="1" width={width - 2} height="15" rx="9" fill="#fff" opacity="0.12" />
      <text
        x={width / 2}
        y="21.5"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight="800"
        fontSize="15"
        letterSpacing="1.5"
        fill="#fff"
      >
        {code}
      </text>
    </svg>
  );
}
