import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'web', environment: 'happy-dom', setupFiles: ['./src/test/setup.ts'] },
});
