// Writes src/shared/art/hero-art.svg, the HeroArt component's markup, which home draws as one
// piece of markup (see hero-art.tsx). Run after changing the scene:
//   cd apps/web && npx tsx build/hero-art-file.tsx
// hero-art-file.test.tsx fails while the file and the component differ.
import { writeFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { HeroArt } from '../src/shared/art/hero-art.tsx';

export const heroArtFile = new URL('../src/shared/art/hero-art.svg', import.meta.url);

export function heroArtMarkup(): string {
  return `${renderToStaticMarkup(<HeroArt />)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(heroArtFile, heroArtMarkup());
