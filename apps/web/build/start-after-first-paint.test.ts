import { describe, expect, it } from 'vitest';
import { startAfterFirstPaint } from './start-after-first-paint.ts';

const built = `<head>
    <script src="/theme-boot.js"></script>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/zod-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>`;

describe('scripts after the first paint (ADR 046)', () => {
  it('when Vite wrote the entry and its preloads, then the page requests none of them and hands them to the starter in order', () => {
    const page = startAfterFirstPaint(built);
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(
      '<script src="/start-lobby.js" data-entry="/assets/index-A1.js" data-preload="/assets/react-B2.js /assets/zod-C3.js" defer></script>',
    );
    // The theme and the stylesheet stay where they were: they make the first paint.
    expect(page).toContain('<script src="/theme-boot.js"></script>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
  });

  it('when the page has no module entry, then the build stops rather than ship a lobby that never starts', () => {
    expect(() => startAfterFirstPaint('<head></head>')).toThrow(/no module entry/);
  });
});
