import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/database.ts';
import { vendorPlayers, vendors } from './vendors.schema.ts';

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendor = typeof vendors.$inferInsert;

export async function findVendor(db: Executor, code: string): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.code, code));
  return row;
}

/**
 * The vendor lookup every protocol call makes, prepared once per database handle (parsed and
 * planned once per connection). Outside transactions only, like the ledger's prepared lookups.
 */
export function prepareVendorLookup(db: Database) {
  const statement = db
    .select()
    .from(vendors)
    .where(eq(vendors.code, sql.placeholder('code')))
    .prepare('vendor_by_code');
  return async (code: string): Promise<VendorRow | undefined> => {
    const [row] = await statement.execute({ code });
    return row;
  };
}

export async function listVendors(db: Executor): Promise<VendorRow[]> {
  return db.select().from(vendors).orderBy(asc(vendors.sortOrder), asc(vendors.code));
}

/** Adds the vendors that are missing; an existing vendor (and what an operator changed) is left alone. */
export async function insertVendorsIfMissing(db: Executor, rows: NewVendor[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(vendors).values(rows).onConflictDoNothing();
}

export async function updateVendorSecret(db: Executor, code: string, sharedSecret: string): Promise<void> {
  await db.update(vendors).set({ sharedSecret, updatedAt: new Date() }).where(eq(vendors.code, code));
}

export async function updateVendorStatus(
  db: Executor,
  code: string,
  status: string,
): Promise<VendorRow | undefined> {
  const [row] = await db
    .update(vendors)
    .set({ status, updatedAt: new Date() })
    .where(eq(vendors.code, code))
    .returning();
  return row;
}

// ---- players -----------------------------------------------------------------------------

export async function findMemberOfPlayer(
  db: Executor,
  vendorCode: string,
  playerId: string,
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ memberId: vendorPlayers.memberId })
    .from(vendorPlayers)
    .where(and(eq(vendorPlayers.vendorCode, vendorCode), eq(vendorPlayers.playerId, playerId)));
  return row?.memberId;
}

/**
 * The member's player id at the vendor, made on first use from `candidate`; two callers racing
 * both get the one that was stored.
 */
export async function playerIdOf(
  db: Executor,
  vendorCode: string,
  memberId: bigint,
  candidate: string,
): Promise<string> {
  await db.insert(vendorPlayers).values({ vendorCode, memberId, playerId: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ playerId: vendorPlayers.playerId })
    .from(vendorPlayers)
    .where(and(eq(vendorPlayers.vendorCode, vendorCode), eq(vendorPlayers.memberId, memberId)));
  if (!row) throw new Error(`vendor player of member ${memberId} at ${vendorCode} could not be stored`);
  return row.playerId;
}
