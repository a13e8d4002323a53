import { describe, expect, it } from 'vitest';
import written from '../src/shared/art/hero-art.svg?raw';
import { heroArtMarkup } from './hero-art-file.tsx';

describe('home hero art drawn from a file', () => {
  it('when home draws hero-art.svg, then it is the HeroArt scene as the component draws it now', () => {
    // On a difference: cd apps/web && npx tsx build/hero-art-file.tsx writes the file again.
    expect(written).toBe(heroArtMarkup());
  });

  it('when the markup is put in the page, then it carries no inline style the CSP would refuse', () => {
    expect(written).not.toMatch(/style=/);
    expect(written.startsWith('<svg')).toBe(true);
  });
});
