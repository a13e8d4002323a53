/** Line icons on a 24×24 grid, drawn with the current text colour. */
const paths = {
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  'chevron-down': 'M6 9l6 6 6-6',
  'chevron-left': 'M15 6l-6 6 6 6',
  'chevron-right': 'M9 6l6 6-6 6',
  'arrow-up': 'M12 19V5M6 11l6-6 6 6',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  sun: 'M12 8a4 4 0 100 8 4 4 0 000-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  chat: 'M4 5h16v11H9l-5 4z',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4z M9 13l8-6',
  whatsapp: 'M4 20l1.3-4A8 8 0 1112 20a8 8 0 01-3.9-1z M9 9c0 3 3 6 6 6',
  messenger:
    'M12 3C7 3 3 6.7 3 11.3c0 2.6 1.3 4.9 3.4 6.4V21l3-1.7c.8.2 1.7.3 2.6.3 5 0 9-3.7 9-8.3S17 3 12 3z M7.5 13.5l3-3 2.5 2 3.5-3',
  line: 'M4 6h16v10h-6l-4 3v-3H4z M8 9v4h2 M12 9v4 M14 13V9l3 4V9',
  email: 'M3 6h18v12H3z M3 7l9 6 9-6',
  headset: 'M4 14v-2a8 8 0 0116 0v2 M4 14h3v5H4z M17 14h3v5h-3z',
  info: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 11v6M12 7.5v.5',
  warning: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  success: 'M12 3a9 9 0 100 18 9 9 0 000-18zM8 12l3 3 5-6',
  error: 'M12 3a9 9 0 100 18 9 9 0 000-18zM9 9l6 6M15 9l-6 6',
  lock: 'M6 11h12v10H6zM8.5 11V8a3.5 3.5 0 017 0v3',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 100 6 3 3 0 000-6z',
  'eye-off':
    'M3 3l18 18M10.6 6.1A10 10 0 0112 6c6.5 0 10 6 10 6a17 17 0 01-3 3.7M6.3 7.3C3.6 9 2 12 2 12s3.5 6 10 6a9.7 9.7 0 004.2-.9',
  refresh: 'M20 12a8 8 0 11-2.3-5.6M20 4v5h-5',
  search: 'M11 4a7 7 0 100 14 7 7 0 000-14zM21 21l-5-5',
  feedback: 'M4 4h16v12H8l-4 4zM8 9h8M8 12h5',
} as const;

export type UiIconName = keyof typeof paths;

export function UiIcon({
  name,
  size = 20,
  className,
}: {
  name: UiIconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={paths[name]} />
    </svg>
  );
}
