import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and integration tests; e2e runs under Playwright.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/signing',
      'apps/server',
      'apps/web',
      'apps/payment-gateway',
      'apps/house-games',
    ],
  },
});
