import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'server', environment: 'node', hookTimeout: 60_000, testTimeout: 30_000 },
});
