import { randomInt } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';

export const SLIDER_WIDTH = 300;
export const SLIDER_HEIGHT = 150;
export const SLIDER_PIECE_SIZE = 44;

export interface SliderImages {
  /** The gap's left edge in background pixels: the offset the piece must be dragged to. */
  gapX: number;
  /** The gap's top edge; the piece is shown at this height and moves only sideways. */
  gapY: number;
  background: string;
  piece: string;
}

/**
 * The jigsaw outline inside the piece's square: a body with a knob on top and one on the right,
 * all within the square so that the piece image needs no margin. The body's left edge sits at
 * x = 1 so that a 2 px outline covers exactly the square's first two columns (see findSliderGapX
 * in e2e/support/slider-gap.ts, which looks for that edge).
 */
const PIECE_PATH = 'M1 9 H12 A6 6 0 0 1 24 9 H35 V20 A6 6 0 0 1 35 32 V43 H1 Z';
const OUTLINE = 'fill="none" stroke="#ffffff" stroke-width="2" stroke-linejoin="round"';

// Every colour of the picture has a lightness of at most 60 %, so no channel trio gets near
// white: the outline is the only near-white thing in the image, which keeps the gap findable.
const colour = (maxLightness = 55) =>
  `hsl(${randomInt(0, 360)} ${randomInt(40, 75)}% ${randomInt(28, maxLightness + 1)}%)`;

function pictureDefinitions(): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="${randomInt(0, 2)}" y2="1">
    <stop offset="0" stop-color="${colour()}"/><stop offset="0.55" stop-color="${colour()}"/>
    <stop offset="1" stop-color="${colour()}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${colour(60)}"/>
    <stop offset="1" stop-color="${colour()}" stop-opacity="0"/></radialGradient>`;
}

/** Random shapes over a gradient: a picture of our own, different every time. */
function pictureShapes(): string {
  const shapes = [`<rect width="${SLIDER_WIDTH}" height="${SLIDER_HEIGHT}" fill="url(#sky)"/>`];
  shapes.push(
    `<circle cx="${randomInt(0, SLIDER_WIDTH)}" cy="${randomInt(0, SLIDER_HEIGHT)}" r="${randomInt(50, 110)}" fill="url(#glow)"/>`,
  );
  const hills = Array.from({ length: 7 }, (_, index) => {
    const x = (index * SLIDER_WIDTH) / 6;
    return `${x.toFixed(1)} ${randomInt(80, 130)}`;
  });
  shapes.push(
    `<path d="M0 ${SLIDER_HEIGHT} L${hills.join(' L')} L${SLIDER_WIDTH} ${SLIDER_HEIGHT} Z" fill="${colour(45)}" fill-opacity="0.7"/>`,
  );
  for (let count = randomInt(7, 12); count > 0; count -= 1) {
    const x = randomInt(0, SLIDER_WIDTH);
    const y = randomInt(0, SLIDER_HEIGHT);
    const opacity = (randomInt(35, 80) / 100).toFixed(2);
    const fill = `fill="${colour(60)}" fill-opacity="${opacity}"`;
    switch (randomInt(0, 3)) {
      case 0:
        shapes.push(`<circle cx="${x}" cy="${y}" r="${randomInt(8, 32)}" ${fill}/>`);
        break;
      case 1:
        shapes.push(
          `<rect x="${x}" y="${y}" width="${randomInt(14, 60)}" height="${randomInt(10, 40)}" rx="4" transform="rotate(${randomInt(-40, 40)} ${x} ${y})" ${fill}/>`,
        );
        break;
      default:
        shapes.push(
          `<polygon points="${x},${y} ${x + randomInt(-40, 41)},${y + randomInt(15, 45)} ${x + randomInt(-40, 41)},${y - randomInt(15, 45)}" ${fill}/>`,
        );
    }
  }
  return shapes.join('\n');
}

const svgDocument = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const pngDataUrl = (svg: string) =>
  `data:image/png;base64,${new Resvg(svg).render().asPng().toString('base64')}`;

/** A fresh picture with a jigsaw gap at a random place, and the piece cut from that place. */
export function drawSliderPuzzle(): SliderImages {
  const gapX = randomInt(SLIDER_PIECE_SIZE + 10, SLIDER_WIDTH - SLIDER_PIECE_SIZE - 10 + 1);
  const gapY = randomInt(5, SLIDER_HEIGHT - SLIDER_PIECE_SIZE - 5 + 1);
  const definitions = pictureDefinitions();
  const picture = pictureShapes();

  const background = svgDocument(
    SLIDER_WIDTH,
    SLIDER_HEIGHT,
    `<defs>${definitions}</defs>${picture}
    <g transform="translate(${gapX} ${gapY})">
      <path d="${PIECE_PATH}" fill="#000000" fill-opacity="0.55"/>
      <path d="${PIECE_PATH}" ${OUTLINE}/>
    </g>`,
  );
  const piece = svgDocument(
    SLIDER_PIECE_SIZE,
    SLIDER_PIECE_SIZE,
    `<defs>${definitions}<clipPath id="piece"><path d="${PIECE_PATH}"/></clipPath></defs>
    <g clip-path="url(#piece)"><g transform="translate(${-gapX} ${-gapY})">${picture}</g></g>
    <path d="${PIECE_PATH}" ${OUTLINE}/>`,
  );
  return { gapX, gapY, background: pngDataUrl(background), piece: pngDataUrl(piece) };
}
