import { randomUUID } from 'node:crypto';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { type VendorCall, vendorCallPath } from '@fortuna/contracts/vendor-protocol';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { newPlayerId } from './vendor-registry.ts';
import { vendorSignedHeaders } from './vendor-signature.ts';
import { vendorPlayers, vendors } from './vendors.schema.ts';
import { insertVendorsIfMissing, type NewVendor } from './vendors.store.ts';

export const TEST_VENDOR_SECRET = 'test-vendor-secret-0123456789';

let serial = 0;
/** A seamless vendor of its own for one test, with a known secret. */
export async function testVendor(
  db: Database,
  fields: Partial<NewVendor> = {},
): Promise<NewVendor & { code: string }> {
  serial += 1;
  const vendor: NewVendor & { code: string } = {
    code: `TV${Date.now().toString(36).toUpperCase().slice(-6)}${serial}`.slice(0, 20),
    name: `Test Vendor ${serial}`,
    categories: ['RNG'],
    status: 'ACTIVE',
    sortOrder: serial,
    walletMode: 'SEAMLESS',
    sharedSecret: TEST_VENDOR_SECRET,
    ...fields,
  };
  await insertVendorsIfMissing(db, [vendor]);
  return vendor;
}

/**
 * The house games' vendor (Fortuna Originals, slots and lottery) as the platform seeds it, added
 * when a test's database lacks it and left as it is when it has it.
 */
export async function houseVendorIfMissing(db: Database): Promise<void> {
  await insertVendorsIfMissing(db, [
    {
      code: HOUSE_VENDOR_CODE,
      name: 'Fortuna Originals',
      categories: ['RNG', 'LOTT'],
      walletMode: 'SEAMLESS',
      sharedSecret: 'a-secret-of-enough-length',
    },
  ]);
}

export async function setVendorStatus(db: Database, code: string, status: string): Promise<void> {
  await db.update(vendors).set({ status }).where(eq(vendors.code, code));
}

/** The member's player id at the vendor, as a launch would have made it. */
export async function playerAt(db: Database, vendorCode: string, memberId: bigint): Promise<string> {
  const playerId = newPlayerId();
  await db.insert(vendorPlayers).values({ vendorCode, memberId, playerId });
  return playerId;
}

export const newTxnId = (prefix = 't') => `${prefix}-${randomUUID()}`;

/** A vendor's signed call over HTTP; `raw` sends the body exactly as given. */
export async function vendorCall(
  app: FastifyInstance,
  vendorCode: string,
  call: VendorCall,
  body: unknown,
  options: { secret?: string; now?: number; headers?: Record<string, string>; raw?: string } = {},
) {
  const payload = options.raw ?? JSON.stringify(body);
  const response = await app.inject({
    method: 'POST',
    url: vendorCallPath(vendorCode, call),
    headers: {
      ...vendorSignedHeaders(options.secret ?? TEST_VENDOR_SECRET, payload, options.now),
      ...options.headers,
    },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json(),
    headers: response.headers,
    text: response.body,
  };
}

/** Rows the protocol writes, for "nothing was written" checks. */
export async function protocolRowCounts(db: Database, vendorCode: string) {
  const result = (await db.execute(sql`
    select (select count(*)::int from vendor_transactions where vendor_code = ${vendorCode}) as transactions,
           (select count(*)::int from bet_records where vendor_code = ${vendorCode}) as rounds,
           (select count(*)::int from ledger_transactions where idempotency_key like ${`vendor:${vendorCode}:%`}) as postings
  `)) as unknown as { rows: { transactions: number; rounds: number; postings: number }[] };
  const row = result.rows[0];
  return {
    transactions: Number(row?.transactions),
    rounds: Number(row?.rounds),
    postings: Number(row?.postings),
  };
}

export async function roundOf(db: Database, vendorCode: string, roundId: string) {
  const result = (await db.execute(sql`
    select status, stake_minor::text as stake, payout_minor::text as payout, valid_bet_minor::text as valid_bet,
           settled_at is not null as settled
      from bet_records where vendor_code = ${vendorCode} and round_id = ${roundId}
  `)) as unknown as {
    rows: { status: string; stake: string; payout: string; valid_bet: string; settled: boolean }[];
  };
  return result.rows[0];
}

/** Backdates a round's opening by `minutes` (an operator may refund only a round old enough): its bet record id. */
export async function ageRound(db: Database, vendorCode: string, roundId: string, minutes: number) {
  const result = (await db.execute(sql`
    update bet_records set opened_at = now() - make_interval(mins => ${minutes}::int)
     where vendor_code = ${vendorCode} and round_id = ${roundId}
    returning id::text as id
  `)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no round ${roundId} at ${vendorCode}`);
  return id;
}
