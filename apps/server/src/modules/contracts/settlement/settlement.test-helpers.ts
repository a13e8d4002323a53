import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { jobContextAt } from '../../../platform/jobs/jobs.test-helpers.ts';
import { createMember } from '../../../test/identity-fixtures.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import { insertContract, insertTiers, updateContract } from '../contracts.store.ts';
import type { TierTerms } from '../tiers.ts';
import { salaryJob } from './salary-jobs.ts';

/**
 * Rounds a member settled in one site hour, written as the member rollup the bet-record trigger
 * would have written (ADR 030): its trigger queues the team delta, so team reads see it at once.
 * Settlement tests pick past hours this way, without waiting for a clock.
 */
export async function playedInHour(
  db: Database,
  memberId: bigint,
  hourStart: Date,
  round: { stakeMinor: bigint; validBetMinor?: bigint; payoutMinor: bigint },
): Promise<void> {
  await db.execute(sql`
    insert into member_round_rollups (member_id, hour_start, category, vendor_code, bet_count, stake_minor, valid_bet_minor, payout_minor)
    values (${String(memberId)}::bigint, ${hourStart.toISOString()}::timestamptz, 'RNG', 'TEST', 1,
            ${String(round.stakeMinor)}::bigint, ${String(round.validBetMinor ?? round.stakeMinor)}::bigint,
            ${String(round.payoutMinor)}::bigint)
    on conflict (member_id, hour_start, category, vendor_code) do update set
      bet_count = member_round_rollups.bet_count + 1,
      stake_minor = member_round_rollups.stake_minor + excluded.stake_minor,
      valid_bet_minor = member_round_rollups.valid_bet_minor + excluded.valid_bet_minor,
      payout_minor = member_round_rollups.payout_minor + excluded.payout_minor`);
}

/** A top-level agent with two agents below it, each with a player, and a player of its own. */
export async function agentLine(db: Database) {
  const top = await createMember(db, { type: 1 });
  const left = await createMember(db, { type: 2, uplineId: top.id });
  const right = await createMember(db, { type: 2, uplineId: top.id });
  const players = {
    ofTop: (await createMember(db, { type: 0, uplineId: top.id })).id,
    ofLeft: (await createMember(db, { type: 0, uplineId: left.id })).id,
    ofRight: (await createMember(db, { type: 0, uplineId: right.id })).id,
  };
  return { top: top.id, left: left.id, right: right.id, players };
}

/**
 * An ACTIVE contract from `startsAt` on, as an accepted offer leaves it (ADR 037): paid by the
 * platform when `payer` is null, else by that upline. Tiers default to one fixed rate.
 */
export async function activeContract(
  db: Database,
  contract: {
    type: 'DAILY_SALARY' | 'HOUR_SALARY' | 'REALTIME_SALARY' | 'DIVIDEND';
    payee: bigint;
    payer: bigint | null;
    startsAt: Date;
    ratePpm?: number;
    tiers?: Partial<TierTerms>[];
    /** A dividend's period code; weekly unless given. */
    period?: 'D' | 'W' | 'H' | 'M';
  },
): Promise<bigint> {
  const period =
    contract.period ??
    { DAILY_SALARY: 'D', HOUR_SALARY: 'HOUR', REALTIME_SALARY: '5MIN', DIVIDEND: 'W' }[contract.type];
  const row = await insertContract(db, {
    type: contract.type,
    memberId: contract.payee,
    uplineId: contract.payer,
    payer: contract.payer === null ? 'PLATFORM' : 'UPLINE',
    period,
    status: 'ACTIVE',
    offeredBy: contract.payer === null ? 'operator:1' : `member:${contract.payer}`,
  });
  await updateContract(db, row.id, { startsAt: contract.startsAt });
  const tiers = contract.tiers ?? [{ ratePpm: contract.ratePpm ?? 0 }];
  await insertTiers(
    db,
    row.id,
    tiers.map((tier, index) => ({
      position: index + 1,
      minValidBetMinor: 0n,
      minActiveMembers: 0,
      minBetMinor: 0n,
      minNetLossMinor: 0n,
      ratePpm: 0,
      lossRatePpm: 0,
      profitRatePpm: 0,
      ...tier,
    })),
  );
  return row.id;
}

/** A daily-salary line of three contracts (the ADR 038 example) and a day of play for it. */
export async function settledDayFixture(db: Database, dayAt: Date) {
  const line = await agentLine(db);
  const day = periodOfKind(dayAt, 'DAY', '+08:00');
  await playedInHour(db, line.players.ofTop, day.start, { stakeMinor: 2_500_000n, payoutMinor: 0n });
  await playedInHour(db, line.players.ofLeft, day.start, { stakeMinor: 4_500_000n, payoutMinor: 0n });
  await playedInHour(db, line.players.ofRight, day.start, { stakeMinor: 3_000_000n, payoutMinor: 0n });
  const daily = { type: 'DAILY_SALARY', startsAt: day.start } as const;
  const contracts = {
    top: await activeContract(db, { ...daily, payer: null, payee: line.top, ratePpm: 12_000 }),
    left: await activeContract(db, { ...daily, payer: line.top, payee: line.left, ratePpm: 8_000 }),
    right: await activeContract(db, { ...daily, payer: line.top, payee: line.right, ratePpm: 10_000 }),
  };
  // Paid on the day after next (ADR 038): the job runs then.
  const payday = new Date(day.start.getTime() + 2 * 86_400_000 + 60_000);
  return { line, day, contracts, payday };
}

/**
 * A daily salary bill of 100.00 (1 % of the day's 10,000.00 of valid bets) from a line's top to
 * its right agent, settled on its payday while the top holds nothing: left owed
 * (INSUFFICIENT_BALANCE) for the retry sweep. One per day: the job settles a day once.
 */
export async function owedDailyBill(db: Database, ledger: LedgerService, dayAt: Date) {
  const line = await agentLine(db);
  const day = periodOfKind(dayAt, 'DAY', '+08:00');
  await playedInHour(db, line.players.ofRight, day.start, { stakeMinor: 1_000_000n, payoutMinor: 0n });
  const contract = await activeContract(db, {
    type: 'DAILY_SALARY',
    startsAt: day.start,
    payer: line.top,
    payee: line.right,
    ratePpm: 10_000,
  });
  await salaryJob({ db, ledger, type: 'DAILY_SALARY', gmtOffset: () => '+08:00' }).run(
    jobContextAt(new Date(day.start.getTime() + 2 * 86_400_000)),
  );
  return { line, contract, day };
}

/** SALARY (or DIVIDEND) postings for a period, and the bills' payments, as exactly-once tests count them. */
export async function settlementPaymentsOf(
  db: Database,
  periodKey: string,
  ledgerType: 'SALARY' | 'DIVIDEND' = 'SALARY',
) {
  const rows = (await db.execute(sql`
    select (select count(*)::int from ledger_transactions where type = ${ledgerType} and reference like ${`% ${periodKey}`}) as postings,
           (select count(*)::int from contract_bill_payments p join contract_bills b on b.id = p.bill_id
             where b.period_key = ${periodKey}) as payments,
           (select count(*)::int from contract_bills where period_key = ${periodKey}) as bills`)) as unknown as {
    rows: { postings: number; payments: number; bills: number }[];
  };
  return rows.rows[0];
}

/**
 * Money a member's main wallet took in one site hour, written as the ledger-entry trigger would
 * have counted it (ADR 035): a BONUS or REBATE a dividend deducts, at a past hour of the test's
 * choosing (a real posting counts in the hour it is written).
 */
export async function receivedInHour(
  db: Database,
  memberId: bigint,
  hourStart: Date,
  ledgerType: 'BONUS' | 'REBATE',
  amountMinor: bigint,
): Promise<void> {
  await db.execute(sql`
    insert into member_money_rollups (member_id, hour_start, ledger_type, direction, entry_count, amount_minor)
    values (${String(memberId)}::bigint, ${hourStart.toISOString()}::timestamptz, ${ledgerType}, 'IN', 1,
            ${String(amountMinor)}::bigint)`);
}

let roundSerial = 0;

/** A settled round of a member at `settledAt`, as a bet record (what real-time salary reads). */
export async function settledRound(
  db: Database,
  vendorCode: string,
  memberId: bigint,
  settledAt: Date,
  round: { stakeMinor: bigint; payoutMinor: bigint },
): Promise<void> {
  roundSerial += 1;
  await db.execute(sql`
    insert into bet_records (vendor_code, round_id, member_id, game_code, category, stake_minor, payout_minor,
                             valid_bet_minor, live_debits, status, opened_at, settled_at)
    values (${vendorCode}, ${`rt-${Date.now()}-${roundSerial}`}, ${String(memberId)}::bigint, 'g', 'RNG',
            ${String(round.stakeMinor)}::bigint, ${String(round.payoutMinor)}::bigint, ${String(round.stakeMinor)}::bigint,
            1, 'SETTLED', ${settledAt.toISOString()}::timestamptz, ${settledAt.toISOString()}::timestamptz)`);
}
