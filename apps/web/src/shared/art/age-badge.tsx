import { useId } from 'react';

/** The "18+" roundel: a red ring with the figures in the text colour, so it reads on either theme. */
export function AgeBadge({ size = 40, className }: { size?: number; className?: string }) {
  const ring = useId();
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 40 40" role="img" aria-label="18+">
      <defs>
        <linearGradient id={ring} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff7a8a" />
          <stop offset="1" stopColor="#d3213a" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="17.2" fill="none" stroke={`url(#${ring})`} strokeWidth="3.6" />
      <circle cx="20" cy="20" r="14" fill="none" stroke="#ff6b7d" strokeOpacity="0.35" strokeWidth="0.8" />
      <g fill="none" stroke="currentColor" strokeWidth="2.1" strokeLinecap="round" strokeLinejoin="round">
        <path d="M10.2 15.6 13 13.6V26.4" />
        <path d="M20 13.6a2.9 2.55 0 1 0 0 5.1a2.9 2.55 0 1 0 0-5.1zm0 5.1a3.5 3.85 0 1 0 0 7.7a3.5 3.85 0 1 0 0-7.7z" />
        <path d="M29 17.5v5M26.5 20h5" />
      </g>
    </svg>
  );
}
