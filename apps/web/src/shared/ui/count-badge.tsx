import './count-badge.css';

/** Counts above this show as "99+": the badge keeps its size. */
export const COUNT_BADGE_MAX = 99;

/**
 * The red count badge of spec 2.6 (messages, missions, rewards): nothing at all when the count is
 * 0 or below. `label` is what a screen reader hears instead of the bare number.
 */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" role="status" aria-label={label} data-testid={testId}>
      {count > COUNT_BADGE_MAX ? `${COUNT_BADGE_MAX}+` : count}
    </span>
  );
}
