import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and integration tests; e2e runs under Playwright.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, but most suites wait on PostgreSQL,
    // Redis or a server process they started: two workers keep both cores busy.
    maxWorkers: 2,
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
