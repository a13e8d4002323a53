import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* gives up after 1 s by default; on a 2-core machine running other suites beside these, a
// first render of the lobby can take longer than that, and a test then failed on the clock, not on
// the page. Waiting longer costs nothing when the element comes at once.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Unit tests never reach a network: a request a test did not mock is answered as by a server that
// is down (503), at once, instead of happy-dom trying localhost:3000 and printing a stack per try.
// (A test file may choose jsdom instead, which has no such setting.)
const happyDom = (globalThis.window as unknown as Partial<HappyDomWindow> | undefined)?.happyDOM;
if (happyDom) {
  happyDom.settings.fetch.interceptor = {
    beforeAsyncRequest: async () => new Response(null, { status: 503 }),
  };
}
interface HappyDomWindow {
  happyDOM: { settings: { fetch: { interceptor: { beforeAsyncRequest: () => Promise<Response> } } } };
}

// Our tests wait with findBy/waitFor rather than act(); React then says on every render that the
// environment is not set up for act(). Setting IS_REACT_ACT_ENVIRONMENT only trades that line for
// "not wrapped in act" on each async update, so this one known line is dropped; every other
// console.error still prints.
const ACT_ENVIRONMENT_NOTICE = 'The current testing environment is not configured to support act';
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith(ACT_ENVIRONMENT_NOTICE)) return;
  consoleError(...args);
};
