import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    hookTimeout: 60_000,
    testTimeout: 30_000,
    globalSetup: ['src/test/seeded-template.global-setup.ts'],
  },
});
