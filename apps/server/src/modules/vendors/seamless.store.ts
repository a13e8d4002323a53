import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { type NamedStatement, runStatement } from '../../platform/db/statements.ts';
import { betRecords, vendorTransactions } from './vendors.schema.ts';

export type VendorTransactionRow = typeof vendorTransactions.$inferSelect;
export type NewVendorTransaction = typeof vendorTransactions.$inferInsert;
export type BetRecordRow = typeof betRecords.$inferSelect;

// ---- vendor transactions -----------------------------------------------------------------

/**
 * Claims the vendor's transaction id; undefined when it is taken. A concurrent delivery of the
 * same id waits here until the first commits (and then finds it) or rolls back (and claims it).
 */
export async function claimTransaction(
  db: Executor,
  row: NewVendorTransaction,
): Promise<VendorTransactionRow | undefined> {
  const [claimed] = await db
    .insert(vendorTransactions)
    .values(row)
    .onConflictDoNothing({ target: [vendorTransactions.vendorCode, vendorTransactions.transactionId] })
    .returning();
  return claimed;
}

/** The transaction under the vendor's id, locked for the rest of the database transaction. */
export async function findTransactionForUpdate(
  db: Executor,
  vendorCode: string,
  transactionId: string,
): Promise<VendorTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorTransactions)
    .where(
      and(eq(vendorTransactions.vendorCode, vendorCode), eq(vendorTransactions.transactionId, transactionId)),
    )
    .for('update');
  return row;
}

/** What a debit or credit claims: its vendor transaction row and the round it is about. */
export interface MovementClaim {
  vendorCode: string;
  transactionId: string;
  memberId: bigint;
  roundId: string;
  gameCode: string;
  amountMinor: bigint;
  fingerprint: string;
}

/**
 * The claim's outcome: `claimedId` undefined when the id was taken (answer the first call);
 * `roundChanged` false when the round was not in a state for this movement (nothing changed).
 */
export interface ClaimOutcome {
  claimedId: bigint | undefined;
  roundChanged: boolean;
  /**
   * The member's bonus balance as the claim read it (ADR 059; a read model over the ledger's
   * accounts): 0 — the commonest case — means the movement needs nothing of bonus money.
   */
  bonusBalanceMinor: bigint;
}

const claimValues = (claim: MovementClaim) => [
  claim.vendorCode,
  claim.transactionId,
  claim.memberId.toString(),
  claim.roundId,
  claim.gameCode,
  claim.amountMinor.toString(),
  claim.fingerprint,
];

const claimOutcomeOf = (row: Record<string, unknown> | undefined): ClaimOutcome => ({
  claimedId: row?.claimed_id == null ? undefined : BigInt(String(row.claimed_id)),
  roundChanged: Number(row?.round_changed ?? 0) > 0,
  bonusBalanceMinor: BigInt(String(row?.bonus_minor ?? '0')),
});

// The claim and the round's change as one statement, run by name (platform/db/statements.ts):
// the round changes only when the id was claimed. A concurrent delivery of the same id waits on
// the claim until the first commits (then claims nothing, and the round is left alone) or rolls
// back (then claims it). The row lock order is the same for every movement: vendor transaction,
// round, then the ledger's accounts.
const CLAIM_DEBIT: NamedStatement = {
  name: 'vendor_claim_debit',
  text: `
with member as (
  select status = 'ACTIVE' as may_bet from members where id = $3::bigint
),
bonus as (
  select balance_minor from ledger_accounts
   where kind = 'MEMBER_BONUS' and member_id = $3::bigint and vendor is null
),
claimed as (
  insert into vendor_transactions
         (vendor_code, transaction_id, kind, status, member_id, round_id, game_code, amount_minor, fingerprint)
  select $1::text, $2::text, 'DEBIT', 'APPLIED', $3::bigint, $4::text, $5::text, $6::bigint, $7::text
   where (select may_bet from member)
  on conflict (vendor_code, transaction_id) do nothing
  returning id
),
staked as (
  insert into bet_records (vendor_code, round_id, member_id, game_code, category, stake_minor, live_debits, settles_at)
  select $1::text, $4::text, $3::bigint, $5::text, $8::text, $6::bigint, 1, $9::timestamptz
   where exists (select 1 from claimed)
  on conflict (vendor_code, round_id, member_id) do update
     set stake_minor = bet_records.stake_minor + excluded.stake_minor,
         live_debits = bet_records.live_debits + 1,
         updated_at = now()
   where bet_records.status = 'OPEN'
  returning id
)
select (select id::text from claimed) as claimed_id,
       (select count(*) from staked)::int as round_changed,
       coalesce((select may_bet from member), false) as may_bet,
       coalesce((select balance_minor from bonus), 0)::text as bonus_minor`,
};

/**
 * Claims a debit's id and adds its stake to the round, opening the round on its first debit (with
 * its category and, for a long-open round, when it settles). A round no longer OPEN is left as it
 * was (`roundChanged` false). Nothing is claimed when the member may not bet (a disabled account):
 * `mayBet` false, read in the same statement.
 */
export async function claimDebit(
  tx: Executor,
  claim: MovementClaim,
  opening: { category: string; settlesAt: Date | null },
): Promise<ClaimOutcome & { mayBet: boolean }> {
  const [row] = await runStatement(tx, CLAIM_DEBIT, [
    ...claimValues(claim),
    opening.category,
    opening.settlesAt?.toISOString() ?? null,
  ]);
  return { ...claimOutcomeOf(row), mayBet: row?.may_bet === true };
}

const CLAIM_CREDIT: NamedStatement = {
  name: 'vendor_claim_credit',
  text: `
with bonus as (
  select balance_minor from ledger_accounts
   where kind = 'MEMBER_BONUS' and member_id = $3::bigint and vendor is null
),
claimed as (
  insert into vendor_transactions
         (vendor_code, transaction_id, kind, status, member_id, round_id, game_code, amount_minor, fingerprint)
  values ($1::text, $2::text, 'CREDIT', 'APPLIED', $3::bigint, $4::text, $5::text, $6::bigint, $7::text)
  on conflict (vendor_code, transaction_id) do nothing
  returning id
),
settled as (
  update bet_records
     set payout_minor = payout_minor + $6::bigint,
         valid_bet_minor = stake_minor,
         status = 'SETTLED',
         settled_at = coalesce(settled_at, now()),
         updated_at = now()
   where vendor_code = $1::text and round_id = $4::text and member_id = $3::bigint
     and status <> 'CANCELLED'
     and exists (select 1 from claimed)
  returning stake_minor, bonus_stake_minor
)
select (select id::text from claimed) as claimed_id, (select count(*) from settled)::int as round_changed,
       coalesce((select balance_minor from bonus), 0)::text as bonus_minor,
       (select stake_minor::text from settled) as stake_minor,
       (select bonus_stake_minor::text from settled) as bonus_stake_minor`,
};

/**
 * Claims a credit's id and settles its round: the payout grows, the stake becomes valid turnover.
 * A round not found or CANCELLED is left as it was (`roundChanged` false).
 */
export async function claimCredit(
  tx: Executor,
  claim: MovementClaim,
): Promise<ClaimOutcome & { stakeMinor: bigint; bonusStakeMinor: bigint }> {
  const [row] = await runStatement(tx, CLAIM_CREDIT, claimValues(claim));
  return {
    ...claimOutcomeOf(row),
    stakeMinor: BigInt(String(row?.stake_minor ?? '0')),
    bonusStakeMinor: BigInt(String(row?.bonus_stake_minor ?? '0')),
  };
}

const COMPLETE: NamedStatement = {
  name: 'vendor_complete_transaction',
  text: `
update vendor_transactions
   set amount_minor = $2::bigint, ledger_transaction_id = $3::bigint, answer = $4::jsonb
 where id = $1::bigint`,
};

/** Stores what moved and the answer given, for a repeat of the id to get it again. */
export async function completeTransaction(
  db: Executor,
  id: bigint,
  fields: Pick<NewVendorTransaction, 'amountMinor' | 'ledgerTransactionId' | 'answer'>,
): Promise<void> {
  await runStatement(db, COMPLETE, [
    id.toString(),
    fields.amountMinor?.toString() ?? null,
    fields.ledgerTransactionId?.toString() ?? null,
    fields.answer == null ? null : JSON.stringify(fields.answer),
  ]);
}

export async function markRolledBack(db: Executor, id: bigint): Promise<void> {
  await db.update(vendorTransactions).set({ status: 'ROLLED_BACK' }).where(eq(vendorTransactions.id, id));
}

// ---- bet records -------------------------------------------------------------------------

export interface RoundKey {
  vendorCode: string;
  roundId: string;
  memberId: bigint;
}

const roundIs = (key: RoundKey) =>
  and(
    eq(betRecords.vendorCode, key.vendorCode),
    eq(betRecords.roundId, key.roundId),
    eq(betRecords.memberId, key.memberId),
  );

export async function findRoundForUpdate(db: Executor, key: RoundKey): Promise<BetRecordRow | undefined> {
  const [row] = await db.select().from(betRecords).where(roundIs(key)).for('update');
  return row;
}

/** The bonus part of a debit joins its round's stake (ADR 059). */
export async function addBonusStake(db: Executor, key: RoundKey, bonusMinor: bigint): Promise<void> {
  await db
    .update(betRecords)
    .set({ bonusStakeMinor: sql`${betRecords.bonusStakeMinor} + ${bonusMinor}` })
    .where(roundIs(key));
}

/**
 * A rollback: the debit's stake (`bonusMinor` of it drawn from bonus money) leaves the round;
 * with no debit left, the round is CANCELLED.
 */
export async function removeStake(
  db: Executor,
  key: RoundKey,
  stakeMinor: bigint,
  bonusMinor: bigint,
): Promise<void> {
  await db
    .update(betRecords)
    .set({
      stakeMinor: sql`${betRecords.stakeMinor} - ${stakeMinor}`,
      bonusStakeMinor: sql`${betRecords.bonusStakeMinor} - ${bonusMinor}`,
      liveDebits: sql`${betRecords.liveDebits} - 1`,
      status: sql`case when ${betRecords.liveDebits} - 1 = 0 then 'CANCELLED' else ${betRecords.status} end`,
      settledAt: sql`case when ${betRecords.liveDebits} - 1 = 0 then now() else ${betRecords.settledAt} end`,
      updatedAt: sql`now()`,
    })
    .where(roundIs(key));
}

/** A correction of a settled round: its payout grows (a compensating credit) or shrinks (a debit). */
export async function adjustPayout(db: Executor, key: RoundKey, byMinor: bigint): Promise<void> {
  await db
    .update(betRecords)
    .set({ payoutMinor: sql`${betRecords.payoutMinor} + ${byMinor}`, updatedAt: sql`now()` })
    .where(roundIs(key));
}
