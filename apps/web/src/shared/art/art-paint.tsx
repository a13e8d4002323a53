import { useId } from 'react';

/** One linear gradient: its stops from top to bottom (or along x1→y2 when `diagonal`). */
const linear = {
  gold: ['#ffe9a8', '#f5c451', '#d99a1e'],
  goldSide: ['#c7861a', '#8a5a08'],
  violet: ['#9a7bff', '#7c4dff', '#4a2bd1'],
  violetDeep: ['#3d25b0', '#1d1262'],
  navy: ['#1f2254', '#0f1020'],
  card: ['#ffffff', '#e8e4ff'],
  red: ['#ff8a98', '#e53950', '#a8172f'],
  teal: ['#7df3e8', '#19d3c5', '#0a7f9e'],
} as const;

export type PaintName = keyof typeof linear | 'glow' | 'goldGlow' | 'ray' | 'reelShade';

/**
 * The scene palette as SVG paint servers, with ids unique to this component instance (two
 * illustrations on one page must not share or override each other's gradients). Render `defs`
 * once inside the <svg>, then use `paint.gold` etc. as fill or stroke.
 */
export function usePaint() {
  const id = useId();
  const ref = (name: PaintName) => `${id}${name}`;
  const defs = (
    <defs>
      {Object.entries(linear).map(([name, stops]) => (
        <linearGradient key={name} id={ref(name as PaintName)} x1="0" y1="0" x2="0.35" y2="1">
          {stops.map((color, index) => (
            <stop key={color} offset={index / (stops.length - 1)} stopColor={color} />
          ))}
        </linearGradient>
      ))}
      <radialGradient id={ref('glow')}>
        <stop offset="0" stopColor="#8b5cff" stopOpacity="0.75" />
        <stop offset="0.55" stopColor="#6a3cff" stopOpacity="0.25" />
        <stop offset="1" stopColor="#6a3cff" stopOpacity="0" />
      </radialGradient>
      <radialGradient id={ref('goldGlow')}>
        <stop offset="0" stopColor="#ffd978" stopOpacity="0.7" />
        <stop offset="1" stopColor="#ffd978" stopOpacity="0" />
      </radialGradient>
      <linearGradient id={ref('ray')} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#fff3c4" stopOpacity="0.55" />
        <stop offset="1" stopColor="#fff3c4" stopOpacity="0" />
      </linearGradient>
      <linearGradient id={ref('reelShade')} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#1b1450" stopOpacity="0.45" />
        <stop offset="0.28" stopColor="#1b1450" stopOpacity="0" />
        <stop offset="0.72" stopColor="#1b1450" stopOpacity="0" />
        <stop offset="1" stopColor="#1b1450" stopOpacity="0.45" />
      </linearGradient>
    </defs>
  );
  const url = (name: PaintName) => `url(#${ref(name)})`;
  return {
    defs,
    gold: url('gold'),
    goldSide: url('goldSide'),
    violet: url('violet'),
    violetDeep: url('violetDeep'),
    navy: url('navy'),
    card: url('card'),
    red: url('red'),
    teal: url('teal'),
    glow: url('glow'),
    goldGlow: url('goldGlow'),
    ray: url('ray'),
    reelShade: url('reelShade'),
  };
}

export type Paint = ReturnType<typeof usePaint>;
