// Starts the lobby's scripts once the first paint (index.html, ADR 046) is on screen: requested
// with the page, ~240 KB of scripts would share a slow network with the stylesheet and the first
// banner, and the first paint would wait for them. A file, not inline: the CSP allows no inline
// scripts. The build (build/start-after-first-paint.ts) writes the entry and preloads below.
(() => {
  const me = document.currentScript;
  const entry = me.dataset.entry;
  const preloads = (me.dataset.preload || '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // The frame after the first paint: rendering waits for the stylesheet, so this does too. A tab
  // opened in the background draws no frames: it starts at once rather than when first shown.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
