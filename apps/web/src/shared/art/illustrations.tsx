import type { ReactNode } from 'react';

/** A shared stage for the status and empty-state illustrations: a glowing disc with a floor shadow. */
function Stage({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 220 220" aria-hidden="true">
      <defs>
        <radialGradient id="stage-glow" cx="50%" cy="45%" r="50%">
          <stop offset="0" stopColor="#7c4dff" stopOpacity="0.55" />
          <stop offset="1" stopColor="#7c4dff" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="stage-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#d48f14" />
        </linearGradient>
      </defs>
      <circle cx="110" cy="100" r="100" fill="url(#stage-glow)" />
      <ellipse cx="110" cy="192" rx="70" ry="9" fill="#000" opacity="0.25" />
      {children}
    </svg>
  );
}

export function MaintenanceIllustration({ size = 220 }: { size?: number }) {
  return (
    <Stage size={size}>
      <g transform="translate(110 100)">
        <circle r="46" fill="#252a5e" stroke="url(#stage-gold)" strokeWidth="6" />
        {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
          <rect
            key={angle}
            x="-8"
            y="-62"
            width="16"
            height="18"
            rx="3"
            fill="url(#stage-gold)"
            transform={`rotate(${angle})`}
          />
        ))}
        <circle r="16" fill="#101129" stroke="url(#stage-gold)" strokeWidth="5" />
      </g>
      <path d="M150 150l34-34a14 14 0 00-18-18l-34 34 6 12z" fill="#8b5cff" />
      <circle cx="174" cy="106" r="6" fill="#101129" />
    </Stage>
  );
}

export function RestrictedIllustration({ size = 220 }: { size?: number }) {
  return (
    <Stage size={size}>
      <circle cx="110" cy="100" r="58" fill="#1c1f48" stroke="#19d3c5" strokeWidth="3" opacity="0.9" />
      <path
        d="M52 100h116M110 42c20 18 20 98 0 116M110 42c-20 18-20 98 0 116"
        stroke="#19d3c5"
        strokeWidth="2.5"
        fill="none"
        opacity="0.7"
      />
      <path d="M110 70l34 12v22c0 22-15 36-34 44-19-8-34-22-34-44V82z" fill="url(#stage-gold)" />
      <rect x="98" y="98" width="24" height="20" rx="4" fill="#101129" />
      <path d="M103 98v-6a7 7 0 0114 0v6" stroke="#101129" strokeWidth="4" fill="none" />
    </Stage>
  );
}

export function EmptyStateIllustration({ size = 220 }: { size?: number }) {
  return (
    <Stage size={size}>
      <rect
        x="58"
        y="62"
        width="70"
        height="98"
        rx="10"
        fill="#252a5e"
        stroke="#8b5cff"
        strokeWidth="3"
        transform="rotate(-12 93 111)"
      />
      <rect
        x="92"
        y="56"
        width="70"
        height="98"
        rx="10"
        fill="#1c1f48"
        stroke="url(#stage-gold)"
        strokeWidth="3"
        transform="rotate(10 127 105)"
      />
      <path
        d="M127 88l8 16 17 2-12 12 3 17-16-8-15 8 3-17-12-12 17-2z"
        fill="url(#stage-gold)"
        transform="rotate(10 127 105)"
      />
      <circle cx="60" cy="170" r="12" fill="#e0a526" />
      <circle cx="60" cy="166" r="12" fill="url(#stage-gold)" />
    </Stage>
  );
}

export function NotFoundIllustration({ size = 220 }: { size?: number }) {
  return (
    <Stage size={size}>
      <rect x="40" y="60" width="140" height="90" rx="14" fill="#1c1f48" stroke="#8b5cff" strokeWidth="3" />
      {[58, 100, 142].map((x) => (
        <g key={x}>
          <rect x={x} y="74" width="28" height="62" rx="6" fill="#101129" />
          <text
            x={x + 14}
            y="114"
            textAnchor="middle"
            fontFamily="system-ui"
            fontWeight="800"
            fontSize="24"
            fill="#f5c451"
          >
            ?
          </text>
        </g>
      ))}
      <rect x="186" y="76" width="8" height="40" rx="4" fill="#8b5cff" />
      <circle cx="190" cy="72" r="8" fill="url(#stage-gold)" />
    </Stage>
  );
}
