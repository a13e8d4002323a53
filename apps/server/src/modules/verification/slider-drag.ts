/** A point of a drag: the piece's offset, the pointer's height and ms since the drag started. */
export interface DragPoint {
  x: number;
  y: number;
  t: number;
}

/** How far from the gap the piece may be dropped and still fit (background pixels). */
export const SLIDER_TOLERANCE_PX = 6;
const MIN_POINTS = 5;
const MIN_DURATION_MS = 150;
/** People overshoot and correct; a drag that goes back more than half as far as it goes forward is not a drag. */
const MAX_BACKTRACK_RATIO = 0.5;
/** Speeds within 2 % of each other with not a pixel of vertical wobble: a script, not a hand. */
const UNIFORM_SPEED_SPREAD = 0.02;

/**
 * Whether a drag looks like a person moving the piece to `offsetX`: enough points, enough time,
 * ending at the drop point, mostly forward, and not perfectly even. None of this stops a
 * determined bot; it stops the cheap ones that post a straight line or nothing at all.
 */
export function isHumanLikeDrag(trajectory: readonly DragPoint[], offsetX: number): boolean {
  if (trajectory.length < MIN_POINTS) return false;
  const first = trajectory[0] as DragPoint;
  const last = trajectory[trajectory.length - 1] as DragPoint;
  if (last.t - first.t < MIN_DURATION_MS) return false;
  if (Math.abs(last.x - offsetX) > SLIDER_TOLERANCE_PX) return false;

  let forward = 0;
  let backward = 0;
  const speeds: number[] = [];
  for (let index = 1; index < trajectory.length; index += 1) {
    const previous = trajectory[index - 1] as DragPoint;
    const point = trajectory[index] as DragPoint;
    const dt = point.t - previous.t;
    if (dt < 0) return false;
    const dx = point.x - previous.x;
    if (dx >= 0) forward += dx;
    else backward -= dx;
    if (dt > 0) speeds.push(dx / dt);
  }
  if (forward === 0 || backward > forward * MAX_BACKTRACK_RATIO) return false;

  const wobbles = trajectory.some((point) => point.y !== first.y);
  const meanSpeed = speeds.reduce((sum, speed) => sum + speed, 0) / Math.max(speeds.length, 1);
  const spread = speeds.length === 0 ? 0 : Math.max(...speeds) - Math.min(...speeds);
  const evenSpeed = spread <= Math.abs(meanSpeed) * UNIFORM_SPEED_SPREAD;
  return wobbles || !evenSpeed;
}
