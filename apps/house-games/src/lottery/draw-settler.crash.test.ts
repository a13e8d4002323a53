import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakePlatform } from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { runUntilKilled } from './crash-child.test-helpers.ts';
import { ensureDrawTables } from './draw-store.ts';
import { lotteryNode } from './slips.test-helpers.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const MINUTE = 60_000;
const at = Date.parse('2032-01-01T00:00:05Z');

/**
 * SIGKILL in the middle of a settlement, on real PostgreSQL: a settling node is killed as the
 * platform applies one of its credits (before it hears the answer or marks the slip); the next
 * node settles the rest, and every slip is paid exactly once.
 */
describe.skipIf(!serverUrl && process.env.CI !== 'true')(
  'a lottery settlement killed mid-run [PostgreSQL]',
  () => {
    const name = `lottery_crash_${randomBytes(6).toString('hex')}`;
    let url: string;
    let pool: pg.Pool;
    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const parsed = new URL(serverUrl as string);
      parsed.pathname = `/${name}`;
      url = parsed.toString();
      pool = new pg.Pool({ connectionString: url, max: 3 });
      pool.on('error', () => {});
      await ensureDrawTables(pool);
    });
    afterAll(async () => {
      await pool?.end();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('when the settling node is killed as a credit is applied, then the next node settles every slip and none is paid twice', async () => {
      const clock = { at };
      const platform = createFakePlatform({ balances: { [PLAYER]: 1_000_000n } });
      const node = await lotteryNode(pool, { clock, platform });
      await node.runner.tick();
      const session = await node.launch('keno-1m');
      const slips: string[] = [];
      for (let n = 1; n <= 30; n += 1) {
        const placed = await node.place(session, {
          drawCode: 'keno-1m-203201010001',
          bets: [{ betType: 'keno-pick-1', selection: [n], stakeMinor: 1_000 }],
        });
        slips.push(placed.body.value.slipId);
      }
      clock.at += MINUTE;
      await node.runner.tick();

      // The child sends the credits ten to a batch call; at the second call the platform applies
      // its ten and then the child dies, before hearing the answer.
      await runUntilKilled({
        databaseUrl: url,
        platform,
        job: 'settle',
        killAt: { call: 'credits', count: 2 },
        now: clock.at,
      });
      const { rows: before } = await pool.query<{ settled: string }>(
        "select count(*)::text as settled from lottery_slips where status = 'SETTLED'",
      );
      // Killed mid-run: two calls go out at once, so whether the first call's ten were marked
      // varies, but the second's (applied, unanswered) are not.
      expect(Number(before[0]?.settled)).toBeLessThanOrEqual(10);
      expect(platform.applied.filter((call) => call.call === 'credit').length).toBeGreaterThanOrEqual(20);

      await node.runner.settle();
      const { rows } = await pool.query<{ status: string; n: string }>(
        'select status, count(*)::text as n from lottery_slips group by status',
      );
      expect(rows).toEqual([{ status: 'SETTLED', n: '30' }]);
      const applied = platform.applied
        .filter((call) => call.call === 'credit')
        .map((call) => call.body.roundId);
      expect(applied.sort()).toEqual([...slips].sort());
      const { rows: paid } = await pool.query<{ total: string }>(
        'select sum(payout_minor)::text as total from lottery_slips',
      );
      // Every slip's prize and its LOTT rebate (1.5% of 1,000: ADR 072), each paid once.
      expect(platform.balanceOf(PLAYER)).toBe(1_000_000n - 30_000n + BigInt(paid[0]?.total ?? 0) + 30n * 15n);
      await node.close();
    });

    it('when the node sending owed corrections is killed as one is applied, then the next node sends the rest and no member is corrected twice', async () => {
      const clock = { at: at + 3_600_000 };
      const platform = createFakePlatform({ balances: { [PLAYER]: 1_000_000n } });
      const node = await lotteryNode(pool, { clock, platform });
      await node.runner.tick();
      const session = await node.launch('keno-1m');
      const drawCode = 'keno-1m-203201010101';
      const slips = new Map<number, string>();
      for (let n = 1; n <= 30; n += 1) {
        const placed = await node.place(session, {
          drawCode,
          bets: [{ betType: 'keno-pick-1', selection: [n], stakeMinor: 1_000 }],
        });
        slips.set(n, placed.body.value.slipId);
      }
      clock.at += MINUTE;
      await node.runner.tick();
      await node.runner.settle();
      const { rows: drawn } = await pool.query<{ numbers: { numbers: number[] } }>(
        'select numbers from lottery_draws where draw_code = $1',
        [drawCode],
      );
      const old = new Set(drawn[0]?.numbers.numbers);
      // The corrected result: 20 of the 30 numbers bet on, those that did not come out first.
      const corrected = [
        ...[...slips.keys()].filter((n) => !old.has(n)),
        ...[...slips.keys()].filter((n) => old.has(n)),
      ].slice(0, 20);
      const answer = await node.correct(drawCode, {
        operator: 'ops.anna',
        reason: 'feed replayed',
        numbers: corrected,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.value.slips).toBeGreaterThan(8);

      await runUntilKilled({
        databaseUrl: url,
        platform,
        job: 'corrections',
        killAt: { call: 'correction', count: 8 },
        now: clock.at,
      });
      const pending = async () =>
        Number(
          (
            await pool.query<{ n: string }>(
              "select count(*)::text as n from lottery_slip_corrections where status = 'PENDING'",
            )
          ).rows[0]?.n,
        );
      expect(await pending()).toBeGreaterThan(0);
      await node.runner.sendCorrections();
      expect(await pending()).toBe(0);

      const sent = platform.applied
        .filter((call) => call.call === 'correction')
        .map((call) => call.body.transactionId);
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent).toHaveLength(answer.body.value.slips);
      // pick 1 at LOTT: 1,000 × 39 × 0.97 / 10; with the rebate of settlement (15), which a correction leaves alone.
      for (const [n, slipId] of slips)
        expect(platform.roundPayout(slipId)).toBe((corrected.includes(n) ? 3_783n : 0n) + 15n);
      await node.close();
    });

    it('when the node refunding a void draw is killed as a rollback is applied, then the next node refunds the rest and no stake comes back twice', async () => {
      const clock = { at: at + 2 * 3_600_000 };
      const platform = createFakePlatform({ balances: { [PLAYER]: 1_000_000n } });
      const node = await lotteryNode(pool, { clock, platform });
      await node.runner.tick();
      const session = await node.launch('keno-1m');
      const drawCode = 'keno-1m-203201010201';
      const slips: string[] = [];
      for (let n = 1; n <= 30; n += 1) {
        const placed = await node.place(session, {
          drawCode,
          bets: [{ betType: 'keno-pick-1', selection: [n], stakeMinor: 1_000 }],
        });
        slips.push(placed.body.value.slipId);
      }
      const voided = await node.voidDraw(drawCode, { operator: 'ops.anna', reason: 'seed host compromised' });
      expect(voided.body.value).toMatchObject({ slips: 30, stakeMinor: 30_000 });

      await runUntilKilled({
        databaseUrl: url,
        platform,
        job: 'voids',
        killAt: { call: 'rollback', count: 10 },
        now: clock.at,
      });
      const live = async () =>
        Number(
          (
            await pool.query<{ n: string }>(
              "select count(*)::text as n from lottery_slips where draw_code = $1 and status in ('PENDING', 'PLACED')",
              [drawCode],
            )
          ).rows[0]?.n,
        );
      expect(await live()).toBeGreaterThan(20);

      await node.runner.refundVoided();
      expect(await live()).toBe(0);
      const applied = platform.applied
        .filter((call) => call.call === 'rollback')
        .map((call) => call.body.roundId);
      expect(applied.sort()).toEqual([...slips].sort());
      expect(platform.balanceOf(PLAYER)).toBe(1_000_000n);
      await node.close();
    });
  },
);
