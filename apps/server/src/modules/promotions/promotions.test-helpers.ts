import type { BonusTerms } from '@fortuna/contracts/promotions';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database } from '../../platform/db/database.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { testVendor } from '../vendors/vendors.test-helpers.ts';
import { createPromotionsService, type PromotionsService } from './promotions.service.ts';
import {
  findPromotionByCode,
  type GrantRow,
  insertPromotionIfMissing,
  type PromotionRow,
} from './promotions.store.ts';

let serial = 0;

/** 100% up to 1,000.00; 5× bonus + deposit; slots 100%, card games 20%; rounds over 50.00 do not count. */
export const TEST_TERMS: BonusTerms = {
  reward: { kind: 'PERCENT', percentBp: 10_000, capMinor: '100000' },
  wagering: {
    multiplier: 5,
    includesDeposit: true,
    weightsPercent: { RNG: 100, PVP: 20 },
    maxStakeMinor: '5000',
  },
};

export function testPromotions(db: Database) {
  const ledger = testLedger(db);
  return { ledger, promotions: createPromotionsService({ db, ledger }) };
}

/**
 * A running first-deposit promotion of the test's own; every other promotion of the database is
 * ended first, so that a deposit triggers this one alone.
 */
export async function onlyPromotion(
  db: Database,
  fields: {
    terms?: BonusTerms;
    budgetMinor?: bigint;
    perMemberLimit?: number;
    trigger?: string;
    depositOrdinal?: number;
  } = {},
): Promise<PromotionRow> {
  serial += 1;
  await db.execute(sql`update promotions set status = 'ENDED'`);
  const code = `TEST_${Date.now().toString(36)}_${serial}`;
  await insertPromotionIfMissing(db, {
    code,
    type: 'DEPOSIT',
    texts: { EN: { title: `Test promotion ${serial}`, bodyHtml: '<p>test</p>' } },
    startsAt: new Date(Date.now() - 60_000),
    trigger: fields.trigger ?? 'FIRST_DEPOSIT',
    terms: fields.terms ?? TEST_TERMS,
    perMemberLimit: fields.perMemberLimit ?? 1,
    budgetMinor: fields.budgetMinor ?? 10n ** 12n,
    depositOrdinal: fields.depositOrdinal ?? null,
  });
  const row = await findPromotionByCode(db, code);
  if (!row) throw new Error('test promotion not written');
  return row;
}

/**
 * A deposit credited and its promotions evaluated, in one transaction here for brevity (the
 * deposit module evaluates them after the credit commits, ADR 078): clearing pays the main
 * wallet, the promotions' grants are posted. Answers the grants.
 */
export function creditDeposit(
  db: Database,
  ledger: LedgerService,
  promotions: PromotionsService,
  deposit: { memberId: bigint; amountMinor: bigint; first: boolean; orderNo?: string },
) {
  serial += 1;
  const orderNo = deposit.orderNo ?? `DTEST-${Date.now().toString(36)}-${serial}`;
  return inTransaction(db, async (tx) => {
    const clearing = await ledger.systemAccount('PAYMENT_CLEARING', tx);
    const main = await ledger.mainAccountOf(deposit.memberId, tx);
    // Without deposit orders the count is the test's word: none before a first deposit, else one.
    const creditedBefore = deposit.first ? 0 : 1;
    const { grants, postings } = await promotions.grantsOnDeposit(tx, {
      memberId: deposit.memberId,
      amountMinor: deposit.amountMinor,
      orderNo,
      creditedBefore,
      creditedAt: new Date(),
    });
    await ledger.postManyAllOrNothing(
      [
        {
          type: 'DEPOSIT',
          reference: `deposit ${orderNo}`,
          actor: 'system',
          idempotencyKey: `deposit:${orderNo}`,
          entries: [
            { accountId: clearing.id, amountMinor: -deposit.amountMinor },
            { accountId: main.id, amountMinor: deposit.amountMinor },
          ],
        },
        ...postings,
      ],
      tx,
    );
    return grants;
  });
}

/** `count` new members, each with the grant of a first deposit of `amountMinor`: the grants. */
export async function firstDepositGrants(
  db: Database,
  count: number,
  amountMinor: bigint,
): Promise<GrantRow[]> {
  const { ledger, promotions } = testPromotions(db);
  const rows: GrantRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const member = await createMember(db);
    const [grant] = await creditDeposit(db, ledger, promotions, {
      memberId: member.id,
      amountMinor,
      first: true,
    });
    if (!grant) throw new Error('the first deposit was granted nothing');
    rows.push(grant);
  }
  return rows;
}

/** A settled round as the vendor path leaves it in the bet records (valid bet = stake), `minutesAgo` old. */
export async function recordRound(
  db: Database,
  round: { memberId: bigint; category: string; stakeMinor: bigint; payoutMinor?: bigint; at?: Date },
): Promise<void> {
  const vendor = await sharedVendor(db);
  serial += 1;
  // A millisecond ahead: a grant's time has microseconds, a Date only milliseconds.
  const at = (round.at ?? new Date(Date.now() + 1)).toISOString();
  await db.execute(sql`
    insert into bet_records (vendor_code, round_id, member_id, game_code, category, stake_minor, payout_minor,
                             valid_bet_minor, status, opened_at, settled_at)
    values (${vendor}, ${`r-${serial}-${Date.now()}`}, ${round.memberId}, 'G1', ${round.category},
            ${round.stakeMinor}, ${round.payoutMinor ?? 0n}, ${round.stakeMinor}, 'SETTLED', ${at}::timestamptz, ${at}::timestamptz)`);
}

const vendors = new WeakMap<Database, string>();
async function sharedVendor(db: Database): Promise<string> {
  let code = vendors.get(db);
  if (!code) {
    code = (await testVendor(db)).code;
    vendors.set(db, code);
  }
  return code;
}

/** A ledger account's balance by kind, for the member (0 when never opened). */
export async function balanceByKind(db: Database, memberId: bigint, kind: string): Promise<bigint> {
  const result = (await db.execute(sql`
    select coalesce(sum(balance_minor), 0)::text as balance
      from ledger_accounts where member_id = ${memberId} and kind = ${kind}`)) as unknown as {
    rows: { balance: string }[];
  };
  return BigInt(result.rows[0]?.balance ?? '0');
}

/** Ledger transactions under an idempotency key (a key holds at most one; 0 when none moved). */
export async function postingsUnder(db: Database, key: string): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${key}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

const DAY_MS = 86_400_000;

/** A promotions service whose clock stands `days` from now: how tests reach a grant's expiry. */
export function promotionsDaysLater(db: Database, days: number) {
  const ledger = testLedger(db);
  return createPromotionsService({ db, ledger, now: () => new Date(Date.now() + days * DAY_MS) });
}
