import { useId } from 'react';

/** The Fortuna emblem: a gold "F" in a ring, echoing a casino chip. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#d48f14" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="#1b1d4d" />
      <circle cx="32" cy="32" r="21" fill="none" stroke={`url(#${gradient})`} strokeWidth="4" />
      <circle
        cx="32"
        cy="32"
        r="21"
        fill="none"
        stroke="#ffe08a"
        strokeWidth="4"
        strokeDasharray="4 7"
        opacity="0.45"
      />
      <path d="M25 19h15v5.5h-9v5.5h8v5.5h-8V45h-6z" fill={`url(#${gradient})`} />
    </svg>
  );
}

export function BrandLogo({ height = 32, className }: { height?: number; className?: string }) {
  return (
    <span
      className={className}
      role="img"
      aria-label="Fortuna"
      style={{ display: 'inline-flex', alignItems: 'center', gap: height * 0.3 }}
    >
      <BrandMark size={height} />
      <span
        aria-hidden="true"
        style={{
          fontWeight: 800,
          letterSpacing: '0.14em',
          fontSize: height * 0.56,
          background: 'var(--gradient-gold)',
          WebkitBackgroundClip: 'text',
          backgroundClip: 'text',
          color: 'transparent',
        }}
      >
        FORTUNA
      </span>
    </span>
  );
}
