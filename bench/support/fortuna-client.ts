import { ENCRYPTED_BODY_CONTENT_TYPE, EncryptionPaths } from '@fortuna/contracts/encryption';
import type { Envelope } from '@fortuna/contracts/envelope';
import { type LoginRequest, type LoginValue, SessionPaths } from '@fortuna/contracts/session';
import { type GuardedAction, type SliderPuzzle, VerificationPaths } from '@fortuna/contracts/verification';
import type pg from 'pg';
import { humanDrag } from '../../apps/server/src/modules/verification/verification.test-helpers.ts';
import { sealBody } from '../../apps/server/src/platform/sealed-body/seal.ts';

/** What a benchmark needs to talk to a running Fortuna the way the lobby does, over HTTP. */
export interface FortunaClient {
  /** A slider ticket for `action`, solved like the API tests: the gap is read from the database. */
  sliderTicket(action: GuardedAction, headers?: Record<string, string>): Promise<string>;
  /** A login body sealed for the server's key, exactly as the lobby sends it. */
  sealedLogin(request: LoginRequest): Promise<string>;
  /** Sends a sealed login body; the raw answer, so callers can time it and count failures. */
  postLogin(sealedBody: string, headers?: Record<string, string>): Promise<Response>;
  /** Logs in and answers the session token, or throws with the server's answer. */
  logIn(request: LoginRequest, headers?: Record<string, string>): Promise<string>;
}

export function fortunaClient(baseUrl: string, db: pg.Pool | pg.Client): FortunaClient {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl))
    throw new Error(`refusing a non-loopback URL: ${baseUrl}`);
  let publicKey: Promise<{ keyId: string; spki: string }> | undefined;

  async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
    const answer = await fetch(`${baseUrl}${path}`, init);
    const envelope = (await answer.json()) as Envelope<T>;
    if (!answer.ok || !envelope.value)
      throw new Error(`${path}: HTTP ${answer.status} ${envelope.code} ${envelope.message}`);
    return envelope.value;
  }

  const client: FortunaClient = {
    async sliderTicket(action, headers = {}) {
      const { sliderId } = await json<SliderPuzzle>(`${VerificationPaths.slider}?action=${action}`, {
        headers,
      });
      const { rows } = await db.query<{ answer: string }>(
        'select answer from verification_challenges where id = $1',
        [sliderId],
      );
      const offsetX = Number(rows[0]?.answer);
      if (!Number.isFinite(offsetX)) throw new Error(`slider ${sliderId} not found in the database`);
      const { ticket } = await json<{ ticket: string }>(VerificationPaths.sliderCheck, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ sliderId, offsetX, trajectory: humanDrag(offsetX) }),
      });
      return ticket;
    },

    async sealedLogin(request) {
      publicKey ??= json<{ keyId: string; spki: string }>(EncryptionPaths.publicKey);
      const { keyId, spki } = await publicKey;
      return JSON.stringify(await sealBody(request, spki, keyId, 'POST', SessionPaths.login));
    },

    postLogin(sealedBody, headers = {}) {
      return fetch(`${baseUrl}${SessionPaths.login}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': ENCRYPTED_BODY_CONTENT_TYPE },
        body: sealedBody,
      });
    },

    async logIn(request, headers = {}) {
      const answer = await client.postLogin(await client.sealedLogin(request), headers);
      const envelope = (await answer.json()) as Envelope<LoginValue>;
      if (answer.status !== 200 || !envelope.value)
        throw new Error(
          `login of ${request.username}: HTTP ${answer.status} ${envelope.code} ${envelope.message}`,
        );
      return envelope.value.token;
    },
  };
  return client;
}
