import { defineProject } from 'vitest/config';
import { lazyContractSchemasPlugin } from './build/lazy-contract-schemas.ts';

export default defineProject({
  // The lobby's tests run on the contracts as the lobby is built with them (ADR 061).
  plugins: [lazyContractSchemasPlugin()],
  test: { name: 'web', environment: 'happy-dom', setupFiles: ['./src/test/setup.ts'] },
});
