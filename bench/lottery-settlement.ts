// Budget of issue 17: a fast draw holding 100,000 bets from 10,000 members settles in under 60 s,
// every winning bet credited once, the ledger reconciling.
// The platform and the house games run as two processes (support/lottery-platform.ts), each on a
// scratch PostgreSQL database. 10,000 funded members each hold one slip of 10 keno tickets (pick 1
// to 5, random numbers, stakes of 1.00 to 10.00) on one keno draw: the slips and tickets are
// written to the lottery's tables as the slip desk writes them (odds snapshotted in the LOTT mode,
// exposure summed per outcome) and each slip's debit is sent through the protocol, as placing
// does (placement has its own bench, lottery-slips.ts). Then the draw's close is moved to now and
// the clock runs until every slip is SETTLED: that is the settlement measured, from the close,
// through the drawing (closed list of 100,000 tickets, its hash, the numbers) to the last credit.
// Checked after: every slip credited exactly once (one CREDIT per round at the platform, bet
// records settled), the credits' sum equal to the payouts recomputed here in SQL from each
// ticket's snapshotted odds and the draw's numbers (not by the settler's code) plus each ticket's
// LOTT rebate (ADR 072, from its stake), each member's balance = opening − stake + credit, and the
// platform's ledger reconciling.
// Run: npx tsx bench/lottery-settlement.ts [--members=10000] [--tickets=10]
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { forEachAtMost } from '../apps/house-games/src/lottery/at-most.ts';
import { KENO_BET_TYPES } from '../apps/house-games/src/lottery/bet-types.ts';
import { ticketOdds } from '../apps/house-games/src/lottery/odds-tables.ts';
import { PRIZE_MODES, rebateMinor } from '../apps/house-games/src/lottery/prize-modes.ts';
import { exposureKeyOf, maxReturnMinor } from '../apps/house-games/src/lottery/stake-limits.ts';
import { drawSeedHash, newDrawSeed } from '../apps/house-games/src/lottery/verifiable-draw.ts';
import { reconcile } from '../apps/server/src/modules/ledger/reconciliation.ts';
import { startLotteryPlatform } from './support/lottery-platform.ts';

const argument = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const MEMBERS = argument('members', 10_000);
const TICKETS_PER_SLIP = argument('tickets', 10);
const BUDGET_MS = 60_000;
const OPENING_MINOR = 10_000_000n;
const PORTS = { platform: 9640, house: 9641 };
const GAME = 'keno-5m';
const DRAW = `keno-5m-bench${Date.now()}`;

const randomInt = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
function distinctNumbers(count: number): number[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(randomInt(1, 80));
  return [...picked];
}
const rowsOf = async <T>(
  db: { query: (text: string, params?: unknown[]) => Promise<{ rows: T[] }> },
  text: string,
  params: unknown[] = [],
) => (await db.query(text, params)).rows;

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(`load average at start: ${loadAverage()}`);
const bench = await startLotteryPlatform(PORTS);
try {
  let at = performance.now();
  const players = (await bench.fundedPlayers(MEMBERS, OPENING_MINOR)).playerIds;
  console.log(`${MEMBERS} funded members in ${((performance.now() - at) / 1000).toFixed(1)} s`);

  // The draw, open for a day: nothing closes it until the bench does.
  const seed = newDrawSeed();
  await bench.lottery.query(
    `insert into lottery_draws (draw_code, game_code, family, opens_at, closes_at, seed, seed_hash)
     values ($1, $2, 'keno', now(), now() + interval '1 day', $3, $4)`,
    [DRAW, GAME, seed, drawSeedHash(seed)],
  );
  at = performance.now();
  const slips = players.map((playerId, n) => ({
    slipId: `s${n.toString(16).padStart(24, '0')}`,
    playerId,
    tickets: Array.from({ length: TICKETS_PER_SLIP }, () => {
      const betType = KENO_BET_TYPES[
        randomInt(0, KENO_BET_TYPES.length - 1)
      ] as (typeof KENO_BET_TYPES)[number];
      const selection = distinctNumbers(Number(betType.slice(-1)));
      const stakeMinor = randomInt(1, 10) * 100;
      const odds = ticketOdds('keno', betType, 'LOTT');
      return {
        betType,
        selection,
        stakeMinor,
        odds,
        exposureMinor: maxReturnMinor(betType, stakeMinor, odds),
        // The LOTT mode's rebate, paid with the prizes in the settlement credit (ADR 072).
        rebateMinor: rebateMinor(stakeMinor, 'LOTT'),
      };
    }),
  }));
  for (let from = 0; from < slips.length; from += 500) {
    const chunk = slips.slice(from, from + 500);
    await bench.lottery.query(
      `insert into lottery_slips (slip_id, draw_code, player_id, game_code, stake_minor, status, placed_at)
       select id, $1, player, $2, stake, 'PENDING', now() from unnest($3::text[], $4::text[], $5::bigint[]) as v (id, player, stake)`,
      [
        DRAW,
        GAME,
        chunk.map((slip) => slip.slipId),
        chunk.map((slip) => slip.playerId),
        chunk.map((slip) => slip.tickets.reduce((sum, ticket) => sum + ticket.stakeMinor, 0)),
      ],
    );
    const tickets = chunk.flatMap((slip) =>
      slip.tickets.map((ticket, index) => ({
        ...ticket,
        slipId: slip.slipId,
        ticketId: `${slip.slipId}-${index + 1}`,
      })),
    );
    await bench.lottery.query(
      `insert into lottery_tickets (ticket_id, slip_id, bet_type, selection, stake_minor, odds, exposure_key, exposure_minor, rebate_minor)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::bigint[], $6::jsonb[], $7::text[], $8::bigint[], $9::bigint[])`,
      [
        tickets.map((ticket) => ticket.ticketId),
        tickets.map((ticket) => ticket.slipId),
        tickets.map((ticket) => ticket.betType),
        tickets.map((ticket) => JSON.stringify(ticket.selection)),
        tickets.map((ticket) => ticket.stakeMinor),
        tickets.map((ticket) => JSON.stringify(ticket.odds)),
        tickets.map((ticket) => exposureKeyOf(ticket.betType, ticket.selection)),
        tickets.map((ticket) => ticket.exposureMinor),
        tickets.map((ticket) => ticket.rebateMinor),
      ],
    );
  }
  await bench.lottery.query(
    `insert into lottery_exposure (draw_code, exposure_key, exposure_minor)
     select $1, exposure_key, sum(exposure_minor) from lottery_tickets group by exposure_key`,
    [DRAW],
  );
  // Each slip's debit through the protocol, as the slip desk sends it, then PLACED.
  let refused = 0;
  await forEachAtMost(slips, 32, async (slip) => {
    const debit = await bench.client.call('debit', {
      playerId: slip.playerId,
      roundId: slip.slipId,
      gameCode: GAME,
      transactionId: `${slip.slipId}:d`,
      amountMinor: String(slip.tickets.reduce((sum, ticket) => sum + ticket.stakeMinor, 0)),
      settlesAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    if (debit.kind !== 'answered' || debit.code !== 'OK') refused += 1;
    else
      await bench.lottery.query(`update lottery_slips set status = 'PLACED' where slip_id = $1`, [
        slip.slipId,
      ]);
  });
  if (refused > 0) throw new Error(`${refused} debits were refused`);
  console.log(
    `${slips.length} slips, ${slips.length * TICKETS_PER_SLIP} tickets placed in ${((performance.now() - at) / 1000).toFixed(1)} s`,
  );

  await bench.startHouse();
  // The close: from here the house games' calendar draws it and settles it, as any draw.
  const [closed] = await rowsOf<{ closes_at: Date }>(
    bench.lottery,
    'update lottery_draws set closes_at = now() where draw_code = $1 returning closes_at',
    [DRAW],
  );
  const closedAt = performance.now();
  let drawnMs: number | undefined;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [state] = await rowsOf<{ drawn: boolean; live: number }>(
      bench.lottery,
      `select (select drawn_at is not null from lottery_draws where draw_code = $1) as drawn,
              (select count(*)::int from lottery_slips where draw_code = $1 and status in ('PENDING', 'PLACED')) as live`,
      [DRAW],
    );
    if (state?.drawn && drawnMs === undefined) drawnMs = performance.now() - closedAt;
    if (state?.drawn && state.live === 0) break;
    if (performance.now() - closedAt > 10 * BUDGET_MS)
      throw new Error('settlement did not finish in 10 minutes');
  }
  const settledMs = performance.now() - closedAt;
  const endLoad = (await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

  // Payouts recomputed from the tickets' snapshotted odds and the draw's numbers, in SQL; the
  // credit adds each ticket's rebate, recomputed from its stake at the LOTT rate.
  const [expected] = await rowsOf<{
    total: string;
    credited: string;
    winners: number;
    winning_tickets: number;
  }>(
    bench.lottery,
    `with matched as (
       select t.slip_id, t.stake_minor, t.odds,
              (select count(*) from jsonb_array_elements(t.selection) pick
                where d.numbers -> 'numbers' @> jsonb_build_array(pick)) as hits
         from lottery_tickets t join lottery_slips s using (slip_id) join lottery_draws d using (draw_code)
        where d.draw_code = $1),
     paid as (
       select slip_id, stake_minor * (odds -> 'paysByMatches' ->> hits::int)::bigint / (odds ->> 'per')::bigint as payout,
              stake_minor * $2::bigint / 10000 as rebate
         from matched)
     select sum(payout)::text as total, (sum(payout) + sum(rebate))::text as credited,
            count(distinct slip_id) filter (where payout > 0)::int as winners,
            count(*) filter (where payout > 0)::int as winning_tickets from paid`,
    [DRAW, PRIZE_MODES.LOTT.rebateBasisPoints],
  );
  const [mismatch] = await rowsOf<{ n: number }>(
    bench.lottery,
    `select count(*)::int as n from lottery_slips s where s.draw_code = $1 and s.payout_minor is distinct from
       (select sum(payout_minor) from lottery_tickets t where t.slip_id = s.slip_id)`,
    [DRAW],
  );
  // Only the draw's rounds (its game's): with demo data on, the platform's demo regulars play a
  // few house slot rounds when the house games come up (seed/demo-rounds.ts), and counting those
  // made 10,000 slips look like 10,013 credited rounds with 566 minor units paid beyond the draw.
  const platformRows = async <T>(query: ReturnType<typeof sql>) =>
    ((await bench.platform.db.execute(query)) as unknown as { rows: T[] }).rows;
  const [credits] = await platformRows<{ credits: number; rounds: number; total: string; twice: number }>(sql`
    select count(*)::int as credits, count(distinct round_id)::int as rounds,
           coalesce(sum(amount_minor), 0)::text as total,
           (select count(*)::int from (select round_id from vendor_transactions
              where vendor_code = 'FORTUNA' and kind = 'CREDIT' and game_code = ${GAME} group by round_id having count(*) > 1) twice) as twice
      from vendor_transactions where vendor_code = 'FORTUNA' and kind = 'CREDIT' and game_code = ${GAME}`);
  const [records] = await platformRows<{ settled: number; payout: string }>(sql`
    select count(*) filter (where status = 'SETTLED')::int as settled, sum(payout_minor)::text as payout
      from bet_records where vendor_code = 'FORTUNA' and game_code = ${GAME}`);
  const [balances] = await platformRows<{ off: number }>(sql`
    select count(*)::int as off from bet_records r join ledger_accounts a
        on a.member_id = r.member_id and a.kind = 'MEMBER_MAIN'
     where r.vendor_code = 'FORTUNA' and r.game_code = ${GAME} and a.balance_minor <> ${OPENING_MINOR} - r.stake_minor + r.payout_minor`);
  const [others] = await platformRows<{ rounds: number }>(sql`
    select count(*)::int as rounds from bet_records where vendor_code = 'FORTUNA' and game_code <> ${GAME}`);
  const reconciliation = await reconcile(bench.platform.db);

  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const exactlyOnce =
    credits?.credits === MEMBERS &&
    credits.rounds === MEMBERS &&
    credits.twice === 0 &&
    records?.settled === MEMBERS;
  const reconciles =
    credits?.total === expected?.credited &&
    records?.payout === expected?.credited &&
    mismatch?.n === 0 &&
    balances?.off === 0;
  const met = settledMs < BUDGET_MS && exactlyOnce && reconciles && reconciliation.ok;
  console.log(
    `\nclose → drawn ${seconds(drawnMs ?? 0)}, close → every slip settled ${seconds(settledMs)} (budget < ${seconds(BUDGET_MS)}), load average ${endLoad}`,
  );
  console.log(
    `${MEMBERS} slips, ${MEMBERS * TICKETS_PER_SLIP} tickets; ${expected?.winning_tickets} winning tickets on ${expected?.winners} slips; prizes recomputed ${expected?.total}, prizes + rebates ${expected?.credited}, credited ${credits?.total}, bet records ${records?.payout}`,
  );
  console.log(
    `credits: ${credits?.credits} on ${credits?.rounds} rounds, ${credits?.twice} rounds credited twice; bet records settled ${records?.settled}; slips whose payout ≠ its tickets' ${mismatch?.n}; members whose balance ≠ opening − stake + payout ${balances?.off}`,
  );
  console.log(`other games' rounds at the platform meanwhile (not counted above): ${others?.rounds}`);
  console.log(`reconciliation: ${reconciliation.ok ? 'ok' : reconciliation.problems.join('; ')}`);
  console.log(`closed at ${closed?.closes_at.toISOString()} → ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await bench.stop();
}
