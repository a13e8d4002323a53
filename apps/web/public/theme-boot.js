// Applies the remembered theme before the first paint, so a light-theme visitor never sees a dark
// flash. A file rather than an inline script: the lobby's Content-Security-Policy allows no inline
// scripts. Loaded as a classic script in <head>, it runs before the body is drawn.
try {
  if (localStorage.getItem('theme') === 'light') {
    document.documentElement.dataset.theme = 'light';
    document.querySelector('meta[name="theme-color"]').setAttribute('content', '#f4f5fb');
  }
} catch {}
// The first paint's banner title (ADR 068) is in the site's default language, named by the server
// in the head above: a visitor who chose another language sees the title only when the lobby
// draws it in theirs, never a line in a language they did not choose.
try {
  const shown = document.querySelector('meta[name="first-paint-lang"]')?.getAttribute('content');
  const chosen = localStorage.getItem('lang');
  if (shown && chosen && chosen !== shown) document.documentElement.dataset.firstPaintText = 'hidden';
} catch {}
