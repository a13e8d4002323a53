import type { ReactNode } from 'react';
import { type Paint, usePaint } from './art-paint.tsx';
import { Coin, Sparkle } from './casino-props.tsx';
import { ReelText, SlotMachine } from './slot-machine.tsx';
import { circlePath } from './svg-path.ts';

/** The shared backdrop of the status and empty-state pictures: a violet glow, halo rings, a floor shadow. */
function Stage({ size, paint, children }: { size: number; paint: Paint; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 220 220" aria-hidden="true">
      {paint.defs}
      <circle cx="110" cy="104" r="104" fill={paint.glow} />
      <circle cx="110" cy="104" r="84" fill="none" stroke="#fff" strokeOpacity="0.09" strokeWidth="1.5" />
      <circle cx="110" cy="104" r="97" fill="none" stroke="#fff" strokeOpacity="0.08" strokeDasharray="2 7" />
      <ellipse cx="110" cy="198" rx="74" ry="9" fill="#0b0c24" opacity="0.35" />
      {children}
    </svg>
  );
}

/** A cog of `teeth` teeth and outer radius `r`, with a hole in the middle. */
function gearPath(r: number, teeth: number) {
  const inner = r * 0.8;
  const step = (2 * Math.PI) / teeth;
  const point = (radius: number, angle: number) =>
    `${(radius * Math.cos(angle)).toFixed(2)} ${(radius * Math.sin(angle)).toFixed(2)}`;
  const outline = Array.from({ length: teeth }, (_, tooth) => {
    const a = tooth * step;
    return `L${point(inner, a)}L${point(r, a + step * 0.12)}L${point(r, a + step * 0.42)}L${point(inner, a + step * 0.54)}`;
  }).join('');
  return `M${outline.slice(1)}z${circlePath(0, 0, r * 0.34)}`;
}

/** A spanner standing on its handle end, head up, about 24×88. */
const spanner =
  'M-12-40a12 12 0 0 1 7.5-11.1V-41h9v-10.1A12 12 0 0 1 12-40a12 12 0 0 1-8 11.3V36a4 4 0 0 1-8 0V-28.7A12 12 0 0 1-12-40z';

export function MaintenanceIllustration({ size = 220 }: { size?: number }) {
  const paint = usePaint();
  const cog = <path d={gearPath(17, 8)} fill={paint.violet} fillRule="evenodd" />;
  return (
    <Stage size={size} paint={paint}>
      <path
        d={gearPath(40, 10)}
        transform="translate(62 66) rotate(8)"
        fill={paint.gold}
        fillRule="evenodd"
      />
      <path d={gearPath(25, 8)} transform="translate(160 50)" fill={paint.violet} fillRule="evenodd" />
      <g transform="translate(106 62) scale(0.45)">
        <SlotMachine reels={[cog, cog, cog]} paint={paint} />
      </g>
      <path d={spanner} transform="translate(178 146) rotate(32) scale(0.8)" fill={paint.teal} />
      <g>
        <path d="M58 168v26M162 168v26" stroke="#3a3f8a" strokeWidth="7" strokeLinecap="round" />
        <rect x="36" y="158" width="148" height="18" rx="5" fill={paint.gold} />
        <path
          d="M48 158h11l-9 18H39zM70 158h11l-9 18H61zM92 158h11l-9 18H83zM114 158h11l-9 18h-11zM136 158h11l-9 18h-11zM158 158h11l-9 18h-11zM180 158h4v6l-6 12h-7z"
          fill="#1b1d45"
        />
        <rect
          x="36"
          y="158"
          width="148"
          height="18"
          rx="5"
          fill="none"
          stroke="#fff3c4"
          strokeOpacity="0.5"
        />
      </g>
      <Sparkle x={30} y={124} size={7} colour="#ffd978" />
      <Sparkle x={196} y={100} size={6} colour="#ffd978" />
      <Sparkle x={112} y={20} size={6} colour="#ffd978" />
    </Stage>
  );
}

export function RestrictedIllustration({ size = 220 }: { size?: number }) {
  const paint = usePaint();
  return (
    <Stage size={size} paint={paint}>
      <g transform="translate(110 96)">
        <circle r="64" fill={paint.navy} stroke="#19d3c5" strokeWidth="2.5" />
        <g fill="none" stroke="#19d3c5" strokeOpacity="0.55" strokeWidth="1.6">
          <ellipse rx="26" ry="64" />
          <ellipse rx="50" ry="64" />
          <path d="M0-64V64M-64 0H64M-54-32H54M-54 32H54" />
        </g>
        <path
          d="M-38-40c10 2 16 8 14 16-3 8 6 12 2 20-4 6-14 2-18 10-4-8-10-14-8-24 1-8 4-16 10-22zM14-52c12 4 26 14 32 28-10-2-16 4-24 0-8-4-4-14-8-28z"
          fill="#19d3c5"
          opacity="0.35"
        />
      </g>
      <ellipse
        cx="110"
        cy="96"
        rx="96"
        ry="24"
        transform="rotate(-16 110 96)"
        fill="none"
        stroke={paint.gold}
        strokeWidth="2"
        strokeDasharray="5 6"
      />
      <circle cx="196" cy="78" r="5" fill={paint.gold} />
      <g transform="translate(110 128)">
        <path d="M0-46 38-32v24C38 18 22 36 0 46-22 36-38 18-38-8v-24z" fill={paint.gold} />
        <path d="M0-37 29-26v19C29 13 17 27 0 35-17 27-29 13-29-7v-19z" fill={paint.violetDeep} />
        <path d="M-8-6v-8a8 8 0 0 1 16 0v8" fill="none" stroke={paint.gold} strokeWidth="4.5" />
        <rect x="-14" y="-7" width="28" height="24" rx="5" fill={paint.gold} />
        <path d="M0 1.5a3.2 3.2 0 0 1 1.8 5.8V11h-3.6V7.3A3.2 3.2 0 0 1 0 1.5z" fill="#1b1450" />
      </g>
      <Sparkle x={34} y={48} size={7} colour="#ffd978" />
      <Sparkle x={186} y={160} size={6} colour="#ffd978" />
    </Stage>
  );
}

/** A face-down card: a violet back with a gold frame and a glint in the middle. */
function CardBack({ x, y, turn, paint }: { x: number; y: number; turn: number; paint: Paint }) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${turn})`}>
      <rect
        x="-26"
        y="-37"
        width="52"
        height="74"
        rx="7"
        fill={paint.violet}
        stroke="#fff"
        strokeOpacity="0.5"
        strokeWidth="1.5"
      />
      <rect x="-20" y="-31" width="40" height="62" rx="4" fill="none" stroke={paint.gold} strokeWidth="1.5" />
      <path d="M0-16 10 0 0 16-10 0z" fill="none" stroke={paint.gold} strokeWidth="1.5" />
      <Sparkle x={0} y={0} size={5} colour="#ffd978" />
    </g>
  );
}

export function EmptyStateIllustration({ size = 220 }: { size?: number }) {
  const paint = usePaint();
  return (
    <Stage size={size} paint={paint}>
      <CardBack x={84} y={76} turn={-14} paint={paint} />
      <CardBack x={128} y={70} turn={10} paint={paint} />
      <path
        d="M42 124h136l-10 64H52z"
        fill={paint.violetDeep}
        stroke={paint.gold}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M42 124h136l-6 12H48z" fill={paint.navy} />
      <path
        d="M60 156h100"
        stroke={paint.gold}
        strokeOpacity="0.5"
        strokeWidth="2"
        strokeDasharray="2 6"
        strokeLinecap="round"
      />
      <g transform="translate(150 132) rotate(-30)">
        <rect x="-5" y="22" width="10" height="40" rx="5" fill={paint.gold} />
        <circle r="26" fill="#c8f7f3" fillOpacity="0.25" stroke={paint.gold} strokeWidth="6" />
        <path d="M-14-10a17 17 0 0 1 12-9" stroke="#fff" strokeWidth="4" strokeLinecap="round" fill="none" />
      </g>
      <Coin x={54} y={190} r={11} tilt={0.45} paint={paint} />
      <Sparkle x={40} y={60} size={7} />
      <Sparkle x={176} y={40} size={8} colour="#ffd978" />
      <Sparkle x={110} y={22} size={5} colour="#ffd978" />
    </Stage>
  );
}

export function NotFoundIllustration({ size = 220 }: { size?: number }) {
  const paint = usePaint();
  return (
    <Stage size={size} paint={paint}>
      <g transform="translate(106 50) scale(0.53)">
        <SlotMachine
          reels={[
            <ReelText key="left" paint={paint}>
              4
            </ReelText>,
            <ReelText key="middle" paint={paint}>
              0
            </ReelText>,
            <ReelText key="right" paint={paint}>
              4
            </ReelText>,
          ]}
          paint={paint}
        />
      </g>
      <Coin x={40} y={186} r={12} tilt={0.45} paint={paint} />
      <Coin x={60} y={192} r={10} tilt={0.45} turn={10} paint={paint} />
      <Coin x={178} y={190} r={11} tilt={0.45} paint={paint} />
      <Coin x={26} y={124} r={11} tilt={0.8} turn={-20} paint={paint} />
      <Sparkle x={190} y={44} size={8} colour="#ffd978" />
      <Sparkle x={30} y={44} size={6} />
    </Stage>
  );
}
