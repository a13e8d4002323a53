import { useId } from 'react';

/**
 * The Fortuna emblem: a gold "F" and a spark of luck on a violet casino chip. public/favicon.svg
 * draws the same shapes; brand-logo.test.tsx keeps the two in step.
 */
function Emblem() {
  const id = useId();
  const [tile, gold, face] = [`${id}t`, `${id}g`, `${id}f`];
  return (
    <>
      <defs>
        <radialGradient id={tile} cx="0.5" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#6a45ff" />
          <stop offset="0.55" stopColor="#2c1c8c" />
          <stop offset="1" stopColor="#140f45" />
        </radialGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe49a" />
          <stop offset="0.5" stopColor="#f5c451" />
          <stop offset="1" stopColor="#d99a1e" />
        </linearGradient>
        <radialGradient id={face} cx="0.5" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#2a1f86" />
          <stop offset="1" stopColor="#100c38" />
        </radialGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${tile})`} />
      <rect
        x="0.75"
        y="0.75"
        width="62.5"
        height="62.5"
        rx="15.3"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.16"
        strokeWidth="1.5"
      />
      <circle cx="32" cy="32" r="22" fill={`url(#${face})`} stroke={`url(#${gold})`} strokeWidth="4.5" />
      <circle
        cx="32"
        cy="32"
        r="22"
        fill="none"
        stroke="#fff6d8"
        strokeWidth="4.5"
        strokeDasharray="4.6 12.68"
        strokeDashoffset="2.3"
      />
      <circle cx="32" cy="32" r="17" fill="none" stroke="#f5c451" strokeOpacity="0.35" />
      <path
        d="M25 20h16.5l-2 5.2H31v4.6h8.6l-2 5H31V44h-6z"
        fill="#7a4b00"
        opacity="0.55"
        transform="translate(0.8 1.4)"
      />
      <path d="M25 20h16.5l-2 5.2H31v4.6h8.6l-2 5H31V44h-6z" fill={`url(#${gold})`} />
      <path d="M39 35.5l1.2 3.3 3.3 1.2-3.3 1.2-1.2 3.3-1.2-3.3-3.3-1.2 3.3-1.2z" fill="#fff6d8" />
    </>
  );
}

/** "FORTUNA" as outlines on a 22-unit cap height, so it looks the same whatever fonts are installed. */
const wordmark = [
  'M0 0h13v4h-9v5.5h8v4h-8v8.5h-4z', // F
  'M28.5-.3a10 11.3 0 1 1 0 22.6a10 11.3 0 1 1 0-22.6zm0 4a6 7.3 0 1 0 0 14.6a6 7.3 0 1 0 0-14.6z', // O
  'M44 0h7.5a6.25 6.25 0 0 1 2.1 12.14l5.2 9.86h-4.5l-4.7-9.5h-1.6v9.5h-4zm4 4v4.5h3.5a2.25 2.25 0 0 0 0-4.5z', // R
  'M63.3 0h15v4h-5.5v18h-4v-18h-5.5z', // T
  'M82.8 0h4v13.5a3.5 4.5 0 0 0 7 0v-13.5h4v13.5a7.5 8.5 0 0 1-15 0z', // U
  'M103.3 0h4.2l7.8 14.5v-14.5h4v22h-4.2l-7.8-14.5v14.5h-4z', // N
  'M131.8 0h4l7 22h-4.2l-1.59-5h-6.42l-1.59 5h-4.2zm2 6.1l2.23 6.9h-4.46z', // A
].join('');

/** The emblem on its own, e.g. for the collapsed menu or an app tile. */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <Emblem />
    </svg>
  );
}

/**
 * The emblem with the wordmark. The wordmark takes the theme's gold tokens (falling back to the
 * brand gold), so it stays readable on the light theme's white header.
 */
export function BrandLogo({ height = 32, className }: { height?: number; className?: string }) {
  const gold = useId();
  return (
    <svg
      className={className}
      height={height}
      width={(height * 236) / 64}
      viewBox="0 0 236 64"
      role="img"
      aria-label="Fortuna"
    >
      <defs>
        <linearGradient id={gold} x1="0" y1="0" x2="0" y2="22" gradientUnits="userSpaceOnUse">
          <stop offset="0" style={{ stopColor: 'var(--gold, #f5c451)' }} />
          <stop offset="1" style={{ stopColor: 'var(--gold-strong, #d99a1e)' }} />
        </linearGradient>
      </defs>
      <Emblem />
      <path
        d={wordmark}
        transform="translate(78 20) scale(1.0909)"
        fill={`url(#${gold})`}
        fillRule="evenodd"
      />
    </svg>
  );
}
