import { type SealedBody, sealBody as sealForServer } from '@fortuna/contracts/encryption';

/** Seals a JSON body exactly as the browser does (contracts/encryption.ts), for tests of encrypted calls. */
export function sealBody(
  body: unknown,
  publicKeySpkiBase64: string,
  keyId: string,
  method: string,
  path: string,
): Promise<SealedBody> {
  return sealForServer(body, { keyId, spki: publicKeySpkiBase64 }, method, path);
}
