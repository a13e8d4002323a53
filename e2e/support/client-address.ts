import { test as base } from '@playwright/test';

let testsInThisWorker = 0;

/**
 * A client address of its own for every test (198.18.0.0/15, the benchmarking range). The server
 * limits logins, sliders, captchas, registrations and SMS per address; every test coming from
 * 127.0.0.1 would trip them. The e2e server trusts 127.0.0.1 as its proxy, so it believes the
 * X-Forwarded-For header, which the page's calls and the `request` fixture both carry. A new
 * worker (after a failure) gets a block of its own, so addresses are never reused in a run.
 */
function nextAddress(workerIndex: number): string {
  // Serial 0 would be the range's network address; start at 1.
  const serial = (workerIndex * 4096 + ++testsInThisWorker) % 2 ** 17;
  return `198.${18 + (serial >> 16)}.${(serial >> 8) & 255}.${serial & 255}`;
}

export const test = base.extend<{ clientAddress: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  clientAddress: async ({}, use, testInfo) => {
    await use(nextAddress(testInfo.workerIndex));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress });
  },
});

export { expect } from '@playwright/test';
