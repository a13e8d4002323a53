/** The home welcome scene: floating cards, chips, coins and a slot reel under light rays. */
function Chip({ x, y, r, color }: { x: number; y: number; r: number; color: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle r={r} fill={color} />
      <circle
        r={r}
        fill="none"
        stroke="#fff"
        strokeWidth={r * 0.18}
        strokeDasharray={`${r * 0.35} ${r * 0.35}`}
        opacity="0.85"
      />
      <circle r={r * 0.58} fill="none" stroke="#fff" strokeWidth="2" opacity="0.6" />
    </g>
  );
}

function Coin({ x, y, r }: { x: number; y: number; r: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <ellipse rx={r} ry={r} fill="#d48f14" transform="translate(0 4)" />
      <circle r={r} fill="#ffd66b" />
      <circle r={r * 0.7} fill="none" stroke="#d48f14" strokeWidth="2.5" />
    </g>
  );
}

export function HeroArt({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 600 360"
      width="100%"
      height="100%"
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="hero-ray" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff3c4" stopOpacity="0.5" />
          <stop offset="1" stopColor="#fff3c4" stopOpacity="0" />
        </linearGradient>
        <linearGradient id="hero-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#e6e8ff" />
        </linearGradient>
        <linearGradient id="hero-reel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8b5cff" />
          <stop offset="1" stopColor="#3a1fb0" />
        </linearGradient>
      </defs>
      <path
        d="M300 0L200 360h40L300 0zM300 0l40 360h50L300 0zM300 0L120 360h25zM300 0l150 360h30z"
        fill="url(#hero-ray)"
        opacity="0.5"
      />
      <g transform="translate(300 170)">
        <rect
          x="-120"
          y="-70"
          width="240"
          height="140"
          rx="26"
          fill="url(#hero-reel)"
          stroke="#ffd66b"
          strokeWidth="5"
        />
        {[-75, 0, 75].map((x) => (
          <g key={x} transform={`translate(${x} 0)`}>
            <rect x="-30" y="-48" width="60" height="96" rx="12" fill="#ffffff" />
            <text
              y="17"
              textAnchor="middle"
              fontFamily="system-ui"
              fontWeight="900"
              fontSize="46"
              fill="#e0a526"
            >
              7
            </text>
          </g>
        ))}
        <rect x="128" y="-40" width="12" height="62" rx="6" fill="#ffd66b" />
        <circle cx="134" cy="-48" r="13" fill="#ff5b6e" />
      </g>
      <g transform="translate(110 150) rotate(-16)">
        <rect x="-42" y="-60" width="84" height="120" rx="12" fill="url(#hero-card)" />
        <text x="-26" y="-30" fontFamily="system-ui" fontWeight="800" fontSize="26" fill="#d0263d">
          A
        </text>
        <path d="M0 -6c-12-14-30 0-16 14L0 24l16-16C30-6 12-20 0-6z" fill="#d0263d" />
      </g>
      <g transform="translate(490 140) rotate(14)">
        <rect x="-42" y="-60" width="84" height="120" rx="12" fill="url(#hero-card)" />
        <text x="-26" y="-30" fontFamily="system-ui" fontWeight="800" fontSize="26" fill="#15173a">
          K
        </text>
        <path d="M0-18l18 24H6l6 18H-12l6-18h-12z" fill="#15173a" />
      </g>
      <Chip x={160} y={290} r={30} color="#e53950" />
      <Chip x={220} y={312} r={24} color="#2f80ed" />
      <Chip x={430} y={296} r={28} color="#1fb67a" />
      <Coin x={370} y={318} r={18} />
      <Coin x={520} y={260} r={14} />
      <Coin x={70} y={250} r={12} />
      <g fill="#fff3c4">
        <path d="M80 60l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" />
        <path d="M530 50l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" />
        <path d="M420 30l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
      </g>
    </svg>
  );
}
