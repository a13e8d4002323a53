import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'payment-gateway', environment: 'node', testTimeout: 30_000 },
});
