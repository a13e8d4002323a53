import type { Executor } from '../../platform/db/database.ts';
import { deviceHashOf } from './device-cookie.ts';
import type { ClientContext } from './identity.deps.ts';
import * as store from './identity.store.ts';

/**
 * Records the browser a member registered or logged in from (ADR 077), by its device id's hash.
 * A call without a device id (trial logins, accounts agents make, scripts) records none.
 */
export async function rememberDevice(db: Executor, memberId: bigint, client: ClientContext): Promise<void> {
  if (client.deviceId) await store.rememberDevice(db, memberId, deviceHashOf(client.deviceId));
}
