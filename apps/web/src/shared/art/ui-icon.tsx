import { circlePath as circle } from './svg-path.ts';

/**
 * Line icons on a 24×24 grid, stroked with the current text colour. A second path, where given,
 * holds fine detail drawn with a thinner line so it stays legible at 16–20 px. `h.01` segments are
 * dots: the round cap turns them into points.
 */
const icons = {
  menu: 'M4 6.5h16M4 12h16M4 17.5h10',
  close: 'M6 6l12 12M18 6 6 18',
  'chevron-down': 'm6 9 6 6 6-6',
  'chevron-left': 'm15 6-6 6 6 6',
  'chevron-right': 'm9 6 6 6-6 6',
  'arrow-up': 'M12 19V5m-6 6 6-6 6 6',
  globe: `${circle(12, 12, 9)}M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z`,
  sun: `${circle(12, 12, 4)}M12 2.5v2M12 19.5v2M4.6 4.6 6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4`,
  moon: 'M20.5 14.1A8.5 8.5 0 1 1 9.9 3.5a6.8 6.8 0 0 0 10.6 10.6z',
  download: 'M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14',
  apple: [
    'M12 7.6c-1.2-.9-2.4-1.2-3.6-1.1C5.8 6.8 4.3 9.1 4.3 12c0 4.2 2.8 8.5 5.3 8.5.9 0 1.5-.5 2.4-.5s1.5.5 2.4.5c2.5 0 5.3-4.3 5.3-8.5 0-2.9-1.5-5.2-4.1-5.5-1.2-.1-2.4.2-3.6 1.1z',
    'M12 7.6c0-1.8.5-3.2 1.6-4.2M13.4 5.4c1.5-.1 2.7-.9 3.2-2.3-1.5 0-2.7.8-3.2 2.3z',
  ],
  android: [
    'M6.5 11a5.5 5 0 0 1 11 0zM6.5 13.5h11v5A1.5 1.5 0 0 1 16 20H8a1.5 1.5 0 0 1-1.5-1.5zM3.8 13.5v4M20.2 13.5v4M9.5 20v1.5M14.5 20v1.5',
    'M8.6 6.6 7.3 4.6M15.4 6.6l1.3-2M9.8 8.7h.01M14.2 8.7h.01',
  ],
  chat: 'M20 11.5c0 4.1-3.6 7.5-8 7.5-1.2 0-2.4-.2-3.4-.7L4 19.5l1.3-3.6A7 7 0 0 1 4 11.5C4 7.4 7.6 4 12 4s8 3.4 8 7.5zM8.5 11.5h.01M12 11.5h.01M15.5 11.5h.01',
  telegram: [
    'M20.6 4.1 3.3 10.8c-.7.3-.7 1.3.1 1.5l4.4 1.4 1.7 5.4c.2.6 1 .8 1.4.3l2.5-2.6 4.4 3.2c.5.4 1.3.1 1.4-.6l2.8-13.8c.1-.8-.6-1.4-1.4-1.5z',
    'M7.8 13.7 17.4 7.6l-7.5 7.3-.4 4.1',
  ],
  whatsapp: [
    'M3.5 20.5l1.3-4.3A8.5 8.5 0 1 1 8 19.4z',
    'M9.2 8.2c-.6.6-.8 1.5-.4 2.5a9 9 0 0 0 4.5 4.5c1 .4 1.9.2 2.5-.4l.3-.5-2-1.3-.9.7a5.8 5.8 0 0 1-2.9-2.9l.7-.9-1.3-2z',
  ],
  messenger: [
    'M12 3.5c-4.7 0-8.5 3.5-8.5 7.9 0 2.4 1.1 4.5 2.9 6v3.1l2.9-1.6c.9.3 1.8.4 2.7.4 4.7 0 8.5-3.5 8.5-7.9S16.7 3.5 12 3.5z',
    'm7.6 13.6 3.1-3.3 2.5 2.1 3.2-3.3-3.1 3.3-2.5-2.1z',
  ],
  line: [
    'M12 3.8c-4.8 0-8.7 3.1-8.7 7 0 3.5 3.1 6.4 7.3 6.9l-.4 2.3c-.1.5.4.8.8.6 3.2-1.7 9.7-5.2 9.7-9.8 0-3.9-3.9-7-8.7-7z',
    'M7.2 9.2v3.3h1.7M10.6 9.2v3.3M12.6 12.5V9.2l2.3 3.3V9.2M17.3 9.2h-1.4v3.3h1.4M15.9 10.85h1.3',
  ],
  email:
    'M4 5.5h16A1.5 1.5 0 0 1 21.5 7v10a1.5 1.5 0 0 1-1.5 1.5H4A1.5 1.5 0 0 1 2.5 17V7A1.5 1.5 0 0 1 4 5.5zM3 7l9 6 9-6',
  headset:
    'M4 14v-2a8 8 0 0 1 16 0v2M4 14.5A1.5 1.5 0 0 1 5.5 13H7v5H5.5A1.5 1.5 0 0 1 4 16.5zM20 14.5a1.5 1.5 0 0 0-1.5-1.5H17v5h1.5a1.5 1.5 0 0 0 1.5-1.5zM18.5 18c0 1.7-1.9 2.5-4.7 2.5H13',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.7L20 8.6M20 3.6v5h-5',
  eye: `M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z${circle(12, 12, 3)}`,
  'eye-off':
    'M3.5 3.5l17 17M10.4 5.6c.5-.1 1-.1 1.6-.1 6 0 9.5 6.5 9.5 6.5a16.5 16.5 0 0 1-2.7 3.5M6.6 6.8C4 8.4 2.5 12 2.5 12s3.5 6.5 9.5 6.5c1.8 0 3.4-.5 4.7-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2',
  wallet:
    'M4 7a2 2 0 0 1 2-2h10.5a1 1 0 0 1 1 1v2M4 7v11a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1H6a2 2 0 0 1-2-1zM20 11.5h-3.5a2 2 0 0 0 0 4H20M16.6 13.5h.01',
  deposit:
    'M12 18H4.5A1.5 1.5 0 0 1 3 16.5v-9A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5V11M3 10h18M6.5 14.5h3M18 13.5V20m-2.8-2.8L18 20l2.8-2.8',
  withdraw:
    'M12 18H4.5A1.5 1.5 0 0 1 3 16.5v-9A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5V11M3 10h18M6.5 14.5h3M18 20v-6.5m-2.8 2.8 2.8-2.8 2.8 2.8',
  feedback:
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4zM8 8.5h8M8 12h5',
  megaphone:
    'M4 10v4a1 1 0 0 0 1 1h2l6 4.5v-15L7 9H5a1 1 0 0 0-1 1zM16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11',
  info: `${circle(12, 12, 9)}M12 11v5.5M12 7.8h.01`,
  warning: 'M10.3 4.2a2 2 0 0 1 3.4 0l7.5 13.2a2 2 0 0 1-1.7 3H4.5a2 2 0 0 1-1.7-3zM12 9.5V14M12 17.2h.01',
  success: `${circle(12, 12, 9)}M8 12.2l2.7 2.7L16 9.5`,
  error: `${circle(12, 12, 9)}M9.2 9.2l5.6 5.6M14.8 9.2l-5.6 5.6`,
  lock: 'M6.5 10.5h11A1.5 1.5 0 0 1 19 12v7a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19v-7a1.5 1.5 0 0 1 1.5-1.5zM8 10.5v-3a4 4 0 0 1 8 0v3M12 14.5v2.2',
  user: `${circle(12, 8, 4)}M4.5 20.5a7.5 7.5 0 0 1 15 0`,
  search: `${circle(11, 11, 6.5)}M20 20l-4.3-4.3`,
} satisfies Record<string, string | readonly [string, string]>;

export type UiIconName = keyof typeof icons;

export function UiIcon({
  name,
  size = 20,
  className,
}: {
  name: UiIconName;
  size?: number;
  className?: string;
}) {
  const icon: string | readonly [string, string] = icons[name];
  const [outline, detail] = typeof icon === 'string' ? [icon] : icon;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={outline} />
      {detail ? <path d={detail} strokeWidth={1.4} /> : null}
    </svg>
  );
}
