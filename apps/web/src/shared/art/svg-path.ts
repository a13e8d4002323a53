/** A full circle as path data, so circles can join other shapes in one `d` (and one evenodd fill). */
export const circlePath = (cx: number, cy: number, r: number) =>
  `M${cx} ${cy - r}a${r} ${r} 0 1 1 0 ${2 * r}a${r} ${r} 0 1 1 0-${2 * r}z`;
