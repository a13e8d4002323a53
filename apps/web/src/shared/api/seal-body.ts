import type { PublicKeyValueSchema } from '@fortuna/contracts/encryption';

/** The sealing itself is shared with the server's tests: contracts/encryption.ts. */
export { sealBody } from '@fortuna/contracts/encryption';

import type { z } from 'zod';

export type SealingPublicKey = z.infer<typeof PublicKeyValueSchema>;

/**
 * The server's public key, fetched once per page load. `forget` drops it so the next call
 * fetches it again (after the server refused a sealed body: the key may have rotated); that
 * fetch is told to `revalidate`, past the browser's HTTP cache that may still hold the old key.
 */
export function createSealingKeyCache(
  fetchKey: (options: { revalidate: boolean }) => Promise<SealingPublicKey>,
) {
  let current: Promise<SealingPublicKey> | undefined;
  let forgotten = false;
  return {
    get(): Promise<SealingPublicKey> {
      if (current) return current;
      const pending = fetchKey({ revalidate: forgotten });
      forgotten = false;
      current = pending;
      // A failed fetch is not kept: the next sealed call tries again.
      pending.catch(() => {
        if (current === pending) current = undefined;
      });
      return pending;
    },
    forget(): void {
      current = undefined;
      forgotten = true;
    },
  };
}
