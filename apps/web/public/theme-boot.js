// Applies the remembered theme before the first paint, so a light-theme visitor never sees a dark
// flash. A file rather than an inline script: the lobby's Content-Security-Policy allows no inline
// scripts. Loaded as a classic script in <head>, it runs before the body is drawn.
try {
  if (localStorage.getItem('theme') === 'light') {
    document.documentElement.dataset.theme = 'light';
    document.querySelector('meta[name="theme-color"]').setAttribute('content', '#f4f5fb');
  }
} catch {}
