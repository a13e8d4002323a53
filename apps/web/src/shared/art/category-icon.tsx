/** Duotone category icons: a gold stroke over a soft violet fill. */
const shapes = {
  HOME: { fill: 'M4 11l8-7 8 7v9H4z', stroke: 'M4 11l8-7 8 7M6 10v10h12V10M10 20v-5h4v5' },
  RNG: { fill: 'M3 6h18v12H3z', stroke: 'M3 6h18v12H3zM9 6v12M15 6v12M5 12h2M11 12h2M17 12h2' },
  LIVE: { fill: 'M5 5h10l4 4v10H5z', stroke: 'M7 4h10v16H7zM10 9l4 3-4 3z' },
  FISH: {
    fill: 'M3 12c3-5 9-6 13-3l5-3v12l-5-3c-4 3-10 2-13-3z',
    stroke: 'M3 12c3-5 9-6 13-3l5-3v12l-5-3c-4 3-10 2-13-3zM8 11v.5',
  },
  PVP: { fill: 'M5 4h9v14H5z', stroke: 'M5 4h9v14H5zM10 6l5 1-3 13 -5-1M8 9l1.5 2L8 13l-1.5-2z' },
  SPORTS: {
    fill: 'M12 3a9 9 0 100 18 9 9 0 000-18z',
    stroke:
      'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7l4 3-1.5 4.5h-5L8 10zM12 3v4M21 10l-5 0M3 10h5M9.5 14.5L7 19M14.5 14.5L17 19',
  },
  ESPORTS: {
    fill: 'M3 9h18v7a3 3 0 01-5 2l-2-2h-4l-2 2a3 3 0 01-5-2z',
    stroke: 'M3 9h18v7a3 3 0 01-5 2l-2-2h-4l-2 2a3 3 0 01-5-2zM7 11v4M5 13h4M15 12v.5M17 14v.5',
  },
  COCKFIGHT: {
    fill: 'M6 20c0-6 2-9 6-10l-2-5 4 2 3-3v6c0 6-4 10-11 10z',
    stroke: 'M6 20c0-6 2-9 6-10l-2-5 4 2 3-3v6c0 6-4 10-11 10zM15 9v.5M9 20l-1 2M12 20v2',
  },
  LOTTERY: {
    fill: 'M12 3a8 8 0 100 16 8 8 0 000-16z',
    stroke: 'M12 3a8 8 0 100 16 8 8 0 000-16zM9 9h6l-4 6M9 22h6',
  },
  PROMOTIONS: {
    fill: 'M4 9h16v11H4z',
    stroke: 'M3 7h18v4H3zM5 11v9h14v-9M12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  },
  FAVORITE: { fill: 'M12 20l-8-8a5 5 0 018-6 5 5 0 018 6z', stroke: 'M12 20l-8-8a5 5 0 018-6 5 5 0 018 6z' },
  RECENT: { fill: 'M12 3a9 9 0 100 18 9 9 0 000-18z', stroke: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 3' },
  POINTMALL: { fill: 'M4 8h16l-2 12H6z', stroke: 'M4 8h16l-2 12H6zM9 8a3 3 0 016 0' },
  REWARD: {
    fill: 'M7 4h10v5a5 5 0 01-10 0z',
    stroke: 'M7 4h10v5a5 5 0 01-10 0zM7 6H4a3 3 0 003 4M17 6h3a3 3 0 01-3 4M12 14v4M8 20h8',
  },
  INVITE: {
    fill: 'M9 12a4 4 0 100-8 4 4 0 000 8z',
    stroke: 'M9 12a4 4 0 100-8 4 4 0 000 8zM2 20a7 7 0 0114 0M19 8v6M16 11h6',
  },
  AGENT: { fill: 'M4 9h16v11H4z', stroke: 'M4 9h16v11H4zM9 9V6h6v3M4 14h16' },
  HELP: {
    fill: 'M12 3a9 9 0 100 18 9 9 0 000-18z',
    stroke: 'M12 3a9 9 0 100 18 9 9 0 000-18zM9.5 9a2.5 2.5 0 115 .5c0 1.5-2.5 2-2.5 3.5M12 17v.5',
  },
} as const;

export type CategoryIconName = keyof typeof shapes;

export function CategoryIcon({ name, size = 24 }: { name: CategoryIconName; size?: number }) {
  const shape = shapes[name];
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d={shape.fill} fill="var(--violet)" opacity={0.35} />
      <path
        d={shape.stroke}
        fill="none"
        stroke="var(--gold)"
        strokeWidth={1.7}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
