import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'house-games', environment: 'node', hookTimeout: 60_000, testTimeout: 60_000 },
});
