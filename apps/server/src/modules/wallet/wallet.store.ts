import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/database.ts';
import { type NamedStatement, runStatement } from '../../platform/db/statements.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { transferWalletVendors, walletSettings } from './wallet.schema.ts';

export type WalletSettingsRow = typeof walletSettings.$inferSelect;
export type TransferVendorRow = typeof transferWalletVendors.$inferSelect;

/** The account kind of a member's transfer wallet at a vendor (ledger accounts, ledger.service.ts). */
export const MEMBER_VENDOR_KIND = 'MEMBER_VENDOR';

// ---- settings and vendors ----------------------------------------------------------------

export async function findWalletSettings(db: Executor): Promise<WalletSettingsRow | undefined> {
  const [row] = await db.select().from(walletSettings).where(eq(walletSettings.id, 1));
  return row;
}

export async function updateSingleWallet(
  db: Executor,
  singleWallet: boolean,
): Promise<WalletSettingsRow | undefined> {
  const [row] = await db
    .update(walletSettings)
    .set({ singleWallet, updatedAt: new Date() })
    .where(eq(walletSettings.id, 1))
    .returning();
  return row;
}

export async function listTransferVendors(db: Executor): Promise<TransferVendorRow[]> {
  return db
    .select()
    .from(transferWalletVendors)
    .orderBy(asc(transferWalletVendors.sort), asc(transferWalletVendors.code));
}

// ---- the member's wallets ----------------------------------------------------------------

/** Every transfer wallet the member has at a vendor, with its balance. */
export async function memberVendorBalances(
  db: Executor,
  memberId: bigint,
): Promise<{ vendor: string; balanceMinor: bigint }[]> {
  const rows = await db
    .select({ vendor: ledgerAccounts.vendor, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, MEMBER_VENDOR_KIND), eq(ledgerAccounts.memberId, memberId)));
  return rows.map((row) => ({ vendor: row.vendor ?? '', balanceMinor: row.balanceMinor }));
}

/** Every ledger account of the member (main and transfer wallets): the only ones its records show. */
export async function memberAccounts(
  db: Executor,
  memberId: bigint,
): Promise<{ id: bigint; kind: string; vendor: string | null }[]> {
  return db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, vendor: ledgerAccounts.vendor })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId));
}

// ---- the payment password ----------------------------------------------------------------

/**
 * A member's stored payment-password hash (null when none is set; no row for no member), prepared
 * once per database handle: every member transfer reads it.
 */
export function preparePaymentHashLookup(db: Database) {
  const statement = db
    .select({ paymentPasswordHash: members.paymentPasswordHash })
    .from(members)
    .where(eq(members.id, sql.placeholder('memberId')))
    .prepare('wallet_payment_password_hash');
  return async (memberId: bigint): Promise<{ paymentPasswordHash: string | null } | undefined> => {
    const [row] = await statement.execute({ memberId });
    return row;
  };
}

// ---- the member's line -------------------------------------------------------------------

/** How many upline steps a downline may be below its agent; also ends a loop in bad data. */
export const MAX_LINE_DEPTH = 20;

/**
 * The recipient by username; the caller's own upline; and whether the recipient is in the line
 * below the caller, at any depth up to MAX_LINE_DEPTH — walked up from the recipient by primary key
 * (one index lookup per level), so it costs the recipient's depth, never the size of the caller's
 * team. One round trip for either direction.
 */
const RECIPIENT: NamedStatement = {
  name: 'wallet_transfer_recipient',
  text: `with recursive recipient as (
           select id, username, status, upline_id from members where username = $1::text
         ),
         line(id, upline_id, depth) as (
           select id, upline_id, 1 from recipient
           union all
           select m.id, m.upline_id, line.depth + 1
             from members m join line on m.id = line.upline_id
            where line.depth < $3::int
         )
         select r.id::text as id, r.username, r.status,
                (select c.upline_id::text from members c where c.id = $2::bigint) as caller_upline_id,
                exists(select 1 from line where line.upline_id = $2::bigint) as below_caller
           from recipient r`,
};

/** The member a transfer would pay, with what either direction checks; undefined when unknown. */
export async function findRecipient(db: Executor, username: string, callerId: bigint) {
  const [row] = await runStatement(db, RECIPIENT, [username, callerId.toString(), MAX_LINE_DEPTH]);
  if (!row) return undefined;
  return {
    id: BigInt(String(row.id)),
    username: String(row.username),
    status: String(row.status),
    callerUplineId: row.caller_upline_id === null ? null : BigInt(String(row.caller_upline_id)),
    /** In the caller's line, directly or further down. */
    belowCaller: row.below_caller === true,
  };
}
