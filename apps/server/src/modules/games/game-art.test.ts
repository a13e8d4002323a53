import { describe, expect, it } from 'vitest';
import { gameArtSvg } from './game-art.ts';

const art = (gameType: string, gameName: string, nodeId = 1) =>
  gameArtSvg({ nodeId, gameName, gameType: gameType as never, vassalage: 'JDB' });
const motif = (svg: string) => /data-motif="([a-z]+)"/.exec(svg)?.[1];

describe('generated game art', () => {
  it.each([
    ['LIVE', 'Lightning Roulette 4', 'roulette'],
    ['LIVE', 'Sic Bo 12', 'dice'],
    ['LIVE', 'Speed Baccarat 3', 'cards'],
    ['PVP', 'Rocket Crash', 'rocket'],
    ['PVP', 'Crash Turbo', 'rocket'],
    ['PVP', 'Mines Classic', 'mines'],
    ['PVP', "Texas Hold'em Pro", 'cards'],
    ['FISH', 'Golden Shark Hunt', 'fish'],
    ['RNG', 'Golden Dragon Megaways', 'flame'],
    ['RNG', 'Lucky Koi', 'fish'],
    ['RNG', "Pharaoh's Gold", 'pyramid'],
    ['RNG', 'Neon Fruits', 'fruit'],
    ['RNG', 'Wild Tiger', 'beast'],
    ['RNG', 'Super Lanterns', 'lantern'],
    ['RNG', 'Ancient Samurai', 'swords'],
    ['RNG', 'Golden Riches', 'coins'],
    ['RNG', 'Mystic Blitz', 'lamp'],
    ['RNG', 'Mega Keno', 'balls'],
    ['RNG', 'Zzz', 'reels'],
    ['LOTT', '3D Lotto', 'balls'],
    ['SPORTS', 'SABA Sportsbook', 'ball'],
  ])('when a %s game is called %s, then its art draws %s', (gameType, name, expected) => {
    expect(motif(art(gameType, name))).toBe(expected);
  });

  it('when art is drawn, then the name is not printed in it (the tile prints it once) and the same game always gets the same picture', () => {
    const svg = art('RNG', 'Golden Dragon Megaways', 7);
    expect(svg).not.toContain('Golden');
    expect(svg).not.toContain('Dragon');
    expect(art('RNG', 'Golden Dragon Megaways', 7)).toBe(svg);
    expect(art('RNG', 'Golden Dragon Megaways', 8)).not.toBe(svg);
    expect(svg.length).toBeLessThan(3000);
  });

  it('when a name carries markup, then nothing of it reaches the SVG', () => {
    expect(art('RNG', '<script>alert(1)</script> Dragon')).not.toContain('<script');
  });
});
