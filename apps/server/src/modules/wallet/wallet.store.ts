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

// ---- member transfers --------------------------------------------------------------------

/**
 * Everything a member transfer reads, in one round trip: the caller's payment-password hash and
 * own upline; the recipient by username (absent when unknown); and both members' main ledger
 * accounts (absent until first used), so the posting needs no lookups of its own. Whether the
 * recipient is in the caller's line is the line module's answer (line.service isInLine).
 */
const TRANSFER_PARTIES: NamedStatement = {
  name: 'wallet_transfer_parties',
  text: `with recipient as (
           select id, username, status from members where username = $1::text
         )
         select c.payment_password_hash,
                c.upline_id::text as caller_upline_id,
                (select a.id::text from ledger_accounts a
                  where a.kind = 'MEMBER_MAIN' and a.member_id = c.id and a.vendor is null)
                  as caller_main_account_id,
                r.id::text as id, r.username, r.status,
                (select a.id::text from ledger_accounts a
                  where a.kind = 'MEMBER_MAIN' and a.member_id = r.id and a.vendor is null)
                  as recipient_main_account_id
           from members c left join recipient r on true
          where c.id = $2::bigint`,
};

const bigintOrNull = (value: unknown) =>
  value === null || value === undefined ? null : BigInt(String(value));

export type TransferParties = NonNullable<Awaited<ReturnType<typeof findTransferParties>>>;

/**
 * The caller and the member a transfer would pay, with what either direction checks; undefined
 * when the caller is gone, `recipient` undefined when the username is unknown.
 */
export async function findTransferParties(db: Executor, username: string, callerId: bigint) {
  const [row] = await runStatement(db, TRANSFER_PARTIES, [username, callerId.toString()]);
  if (!row) return undefined;
  return {
    caller: {
      paymentPasswordHash: (row.payment_password_hash as string | null) ?? null,
      uplineId: bigintOrNull(row.caller_upline_id),
      mainAccountId: bigintOrNull(row.caller_main_account_id),
    },
    recipient:
      row.id === null
        ? undefined
        : {
            id: BigInt(String(row.id)),
            username: String(row.username),
            status: String(row.status),
            mainAccountId: bigintOrNull(row.recipient_main_account_id),
          },
  };
}
