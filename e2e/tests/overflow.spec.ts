import { MEMBER_CENTRE_PAGES, WEB_ROUTE_PATHS } from '@fortuna/contracts/routes';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/client-address.ts';
import { fundedMember } from '../support/funded-member.ts';
import { measureOverflow } from '../support/overflow.ts';
import { saveScreen } from '../support/screens.ts';

/**
 * Issue 19: no page scrolls sideways. Every route of the router (the member centre's pages and
 * the login and register popups included), at six widths, in EN and TY (its labels are longer),
 * as a visitor and as a member: no element the visitor can see reaches past the window, and the
 * page is no wider than the window. One browser page walks the routes in the lobby itself, as a
 * click on a link would, and each route is measured at every width by resizing the window (as a
 * phone turning or a desktop window narrowing does), so the check costs one render a route and
 * not a reload or a new member a width.
 */
const WIDTHS = [1440, 1280, 1024, 768, 390, 360] as const;
// '/index', '/index.html' and '/home' draw the home page too: once is enough.
const ROUTES = [
  ...WEB_ROUTE_PATHS.filter((path) => !['/index', '/index.html', '/home'].includes(path)),
  ...MEMBER_CENTRE_PAGES.map((page) => `/member?page=${page}`),
];

/** Goes to `path` inside the running lobby (the router follows the history, as for a link). */
async function walkTo(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Measured once the page has drawn what it loads, not its loading state.
  await expect(page.locator('[data-testid="app-loader"], [aria-busy="true"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

async function overflowOf(page: Page) {
  const report = await measureOverflow(page);
  return {
    scrollWidthPastWindow: Math.max(0, report.scrollWidth - report.innerWidth),
    hiddenOnPage: report.hiddenOnPage,
    boxesPastWindow: report.boxes,
  };
}

const NO_OVERFLOW = { scrollWidthPastWindow: 0, hiddenOnPage: [], boxesPastWindow: [] };

/**
 * A route's whole check (its load and six widths) takes a few seconds. A load or a measurement
 * that never ends would otherwise eat the test's whole budget and fail without naming where it
 * stalled: this fails the route after `seconds`, with its name.
 */
async function withinSeconds(seconds: number, what: () => string, check: () => Promise<void>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what()} did not finish within ${seconds} s`)),
      seconds * 1000,
    );
  });
  try {
    await Promise.race([check(), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

async function expectNoOverflow(page: Page, path: string) {
  // A page that is still settling (a drawer sliding, a list arriving) gets a moment; one that
  // stays wider than the window fails with the elements that make it so.
  const settled = await expect
    .poll(() => overflowOf(page), { timeout: 10_000 })
    .toEqual(NO_OVERFLOW)
    .then(() => true)
    .catch(() => false);
  if (!settled)
    expect(await overflowOf(page), `${path} at ${page.viewportSize()?.width} px`).toEqual(NO_OVERFLOW);
}

for (const lang of ['EN', 'TY'] as const) {
  for (const who of ['visitor', 'member'] as const) {
    test(`when a ${who} walks every route in ${lang} at ${WIDTHS.join(', ')} px, then no page is wider than the window`, async ({
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(480_000);
      const token = who === 'member' ? (await fundedMember(request, '49999900')).token : null;
      const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(
        ([code, sessionToken]) => {
          localStorage.setItem('lang', code);
          if (sessionToken) sessionStorage.setItem('token', sessionToken);
        },
        [lang, token] as const,
      );
      await page.goto('/');
      await expect(page.getByTestId('site-header')).toBeVisible({ timeout: 30_000 });
      // A visitor sees only the routes open to visitors; the others send them to log in.
      for (const path of ROUTES.filter((route) => who === 'member' || !route.startsWith('/member'))) {
        let width: number = WIDTHS[0];
        try {
          await withinSeconds(
            90,
            () => `${path} at ${width} px`,
            async () => {
              await walkTo(page, path);
              for (width of WIDTHS) {
                await page.setViewportSize({ width, height: 900 });
                await expectNoOverflow(page, path);
              }
              // A popup a route opened (/login, /register) is closed before the next route is drawn.
              await page.keyboard.press('Escape');
            },
          );
        } catch (failure) {
          await saveScreen(page, testInfo, `overflow-${who}-${lang}-${width}${path.replace(/\W+/g, '-')}`);
          throw failure;
        }
      }
      await walkTo(page, '/');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreen(page, testInfo, `overflow-${who}-${lang}-${width}-home`, { fullPage: false });
        if (who === 'member') {
          // The member's money first: the wallet shortcuts say what they do in words at every width.
          for (const shortcut of ['header-deposit', 'header-withdraw']) {
            const words = await page
              .getByTestId(shortcut)
              .evaluate((link: HTMLElement) => link.innerText.trim());
            expect(words, `${shortcut} at ${width} px`).toMatch(/\p{L}{4,}/u);
          }
        }
      }
      await context.close();
    });
  }
}
