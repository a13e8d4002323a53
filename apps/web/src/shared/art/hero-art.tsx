import { type Paint, usePaint } from './art-paint.tsx';
import { Card, ChipStack, Coin, Die, Sparkle } from './casino-props.tsx';
import { Seven, SlotMachine } from './slot-machine.tsx';

/** Light rays fanning down from above the machine: [angle, half-width] in degrees. */
const rays = [
  [-52, 3],
  [-34, 5],
  [-17, 3],
  [-4, 6],
  [12, 3.5],
  [27, 5.5],
  [45, 3],
] as const;

function rayPath(angle: number, halfWidth: number) {
  const reach = (degrees: number) => 600 + 480 * Math.tan((degrees * Math.PI) / 180);
  return `M600-60L${reach(angle - halfWidth).toFixed(1)} 420H${reach(angle + halfWidth).toFixed(1)}z`;
}

/** A roulette wheel seen at a low angle: pockets alternate red and navy around a gold turret. */
function RouletteWheel({ x, y, paint }: { x: number; y: number; paint: Paint }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <ellipse cy="14" rx="138" ry="64" fill="#000" opacity="0.3" />
      <ellipse rx="138" ry="62" fill={paint.violetDeep} stroke={paint.gold} strokeWidth="4" />
      <ellipse rx="112" ry="50" fill="none" stroke="#1b1d45" strokeWidth="22" />
      <ellipse
        rx="112"
        ry="50"
        fill="none"
        stroke="#d92b46"
        strokeWidth="22"
        pathLength={36}
        strokeDasharray="1 1"
      />
      <ellipse
        rx="112"
        ry="50"
        fill="none"
        stroke={paint.gold}
        strokeWidth="22"
        pathLength={36}
        strokeDasharray="0.12 0.88 1 0"
        strokeOpacity="0.8"
      />
      <ellipse rx="100" ry="44" fill="none" stroke={paint.gold} strokeWidth="2" />
      <ellipse rx="78" ry="34" fill={paint.violet} />
      <path
        d="M-78 0h156M0-34v68M-55-24 55 24M-55 24 55-24"
        stroke={paint.gold}
        strokeOpacity="0.5"
        strokeWidth="3"
      />
      <ellipse cy="-4" rx="18" ry="9" fill={paint.goldSide} />
      <path d="M-10-6v-22a10 4 0 0 0 20 0v22z" fill={paint.gold} />
      <circle cy="-30" r="7" fill={paint.gold} />
      <circle cx="70" cy="-34" r="6.5" fill="#fff" />
    </g>
  );
}

/**
 * The home welcome scene: a jackpot machine under light rays, with cards, chips, coins and dice.
 * Home draws it from hero-art.svg, this component's markup written out ahead (build/write-hero-art.tsx):
 * ~420 elements the lobby's first render no longer builds one by one. The edge fade is the
 * stylesheet's (.home-hero__art svg): the page's CSP allows no inline style in that markup.
 */
export function HeroArt({ className }: { className?: string }) {
  const paint = usePaint();
  return (
    <svg
      className={className}
      viewBox="0 0 1200 400"
      width="100%"
      height="100%"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
    >
      {paint.defs}
      <ellipse cx="600" cy="220" rx="460" ry="260" fill={paint.glow} />
      <g opacity="0.45">
        {rays.map(([angle, halfWidth]) => (
          <path key={angle} d={rayPath(angle, halfWidth)} fill={paint.ray} />
        ))}
      </g>
      <circle cx="600" cy="150" r="190" fill={paint.goldGlow} opacity="0.45" />
      <g fill="none" stroke="#fff" strokeOpacity="0.07" strokeWidth="2">
        <circle cx="600" cy="230" r="250" />
        <circle cx="600" cy="230" r="330" strokeDasharray="2 10" />
      </g>

      <RouletteWheel x={165} y={330} paint={paint} />
      <Card x={1012} y={170} turn={16} rank="Q" suit="diamond" paint={paint} />
      <Card x={1092} y={214} turn={30} rank="J" suit="club" paint={paint} />
      <ChipStack x={1030} y={352} r={34} count={6} colour="navy" paint={paint} />
      <ChipStack x={1118} y={372} r={28} count={3} colour="red" paint={paint} />

      <Card x={392} y={214} turn={-24} rank="A" suit="spade" paint={paint} />
      <Card x={446} y={196} turn={-9} rank="K" suit="heart" paint={paint} />

      <ellipse cx="600" cy="356" rx="190" ry="20" fill="#000" opacity="0.35" />
      <g transform="translate(595 92)">
        <SlotMachine
          title="JACKPOT"
          reels={[
            <Seven key="1" paint={paint} />,
            <Seven key="2" paint={paint} />,
            <Seven key="3" paint={paint} />,
          ]}
          paint={paint}
        />
      </g>

      <ChipStack x={432} y={350} r={36} count={5} colour="red" paint={paint} />
      <ChipStack x={506} y={368} r={30} count={3} colour="violet" paint={paint} />
      <ChipStack x={742} y={356} r={32} count={4} colour="teal" paint={paint} />
      <Coin x={800} y={372} r={22} tilt={0.38} paint={paint} />
      <Coin x={830} y={360} r={20} tilt={0.38} turn={8} paint={paint} />
      <Die x={852} y={292} size={30} faces={[5, 3, 2]} turn={-6} />
      <Die x={906} y={330} size={24} faces={[1, 4, 5]} turn={8} />

      <g transform="rotate(-28 352 96)">
        <ChipStack x={352} y={96} r={26} colour="violet" paint={paint} />
      </g>
      <g transform="rotate(22 878 88)">
        <ChipStack x={878} y={88} r={22} colour="red" paint={paint} />
      </g>
      <Coin x={470} y={70} r={18} tilt={0.8} turn={-18} paint={paint} />
      <Coin x={790} y={150} r={24} tilt={0.9} turn={14} paint={paint} />
      <Coin x={845} y={215} r={14} tilt={0.5} turn={-30} paint={paint} />
      <Coin x={250} y={120} r={15} tilt={0.7} turn={25} paint={paint} />
      <Coin x={960} y={60} r={13} tilt={0.6} turn={-10} paint={paint} />

      <Sparkle x={520} y={52} size={12} />
      <Sparkle x={712} y={34} size={9} />
      <Sparkle x={318} y={178} size={8} />
      <Sparkle x={930} y={170} size={11} />
      <Sparkle x={770} y={250} size={6} colour="#ffd978" />
      <Sparkle x={110} y={90} size={10} />
      <Sparkle x={1130} y={80} size={12} colour="#ffd978" />
    </svg>
  );
}
