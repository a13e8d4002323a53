let locks = 0;
let savedScrollY = 0;

/**
 * Freezes the page where it is while a dialog is open (spec 2.2) and puts it back exactly on
 * close. Nested dialogs share one lock.
 */
export function lockScroll(): void {
  locks += 1;
  if (locks > 1) return;
  savedScrollY = window.scrollY;
  Object.assign(document.body.style, {
    position: 'fixed',
    top: `-${savedScrollY}px`,
    left: '0',
    right: '0',
    width: '100%',
  });
}

export function unlockScroll(): void {
  if (locks === 0) return;
  locks -= 1;
  if (locks > 0) return;
  Object.assign(document.body.style, { position: '', top: '', left: '', right: '', width: '' });
  window.scrollTo(0, savedScrollY);
}
