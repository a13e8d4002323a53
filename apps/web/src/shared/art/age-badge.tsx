export function AgeBadge({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" role="img" aria-label="18+">
      <circle cx="20" cy="20" r="18" fill="none" stroke="var(--danger)" strokeWidth="3" />
      <text
        x="20"
        y="25"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight="800"
        fontSize="13"
        fill="var(--text)"
      >
        18+
      </text>
    </svg>
  );
}
