import { OpsRoundPaths } from '@fortuna/contracts/ops-rounds';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../platform/db/database.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { fund } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import {
  ageRound,
  newTxnId,
  playerAt,
  protocolRowCounts,
  roundOf,
  testVendor,
  vendorCall,
} from './vendors.test-helpers.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const missingServer = !serverUrl;
// Like describeEachDatabase's PostgreSQL variant: skipped with the reason locally, a failure in CI.
const describeOnPostgres = missingServer && process.env.CI !== 'true' ? describe.skip : describe;
const DELIVERIES = 40;

describeOnPostgres(
  `vendor protocol under concurrent deliveries [PostgreSQL${missingServer ? ' variant skipped: TEST_DATABASE_URL is not set' : ''}]`,
  () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let app: FastifyInstance;
    let ledger: LedgerService;
    beforeAll(async () => {
      if (missingServer)
        throw new Error('CI needs TEST_DATABASE_URL for the PostgreSQL vendor protocol test');
      const database = await createPostgresDatabase();
      drop = database.drop;
      handle = await openPostgres(database.url, { maxConnections: DELIVERIES + 1 });
      await handle.migrate();
      await seedDemoData(handle.db);
      app = await buildTestApp(handle);
      ledger = testLedger(handle.db);
    });
    afterAll(async () => {
      if (handle) expect(await reconcile(handle.db)).toEqual({ ok: true, problems: [] });
      await app?.close();
      await handle?.close();
      await drop?.();
    });

    async function player(openingMinor: bigint) {
      const vendor = await testVendor(handle.db);
      const member = await createMember(handle.db);
      await fund(ledger, member.id, openingMinor);
      const playerId = await playerAt(handle.db, vendor.code, member.id);
      return { vendor, member, playerId };
    }

    it('when the same debit is delivered many times at once, then exactly one is applied and every answer is the same', async () => {
      const { vendor, member, playerId } = await player(100_000n);
      const body = {
        playerId,
        transactionId: 'same-debit',
        roundId: 'r-1',
        gameCode: 'g',
        amountMinor: '1234',
      };
      const answers = await Promise.all(
        Array.from({ length: DELIVERIES }, () => vendorCall(app, vendor.code, 'debit', body)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['x-fortuna-replayed'] !== 'true')).toHaveLength(1);
      expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n - 1234n);
      expect(await protocolRowCounts(handle.db, vendor.code)).toEqual({
        transactions: 1,
        rounds: 1,
        postings: 1,
      });
      expect(await roundOf(handle.db, vendor.code, 'r-1')).toMatchObject({ stake: '1234' });
    });

    it('when many different bets race for a balance that covers only some, then exactly those are applied and the round holds their sum', async () => {
      const { vendor, member, playerId } = await player(10_000n);
      const answers = await Promise.all(
        Array.from({ length: DELIVERIES }, () =>
          vendorCall(app, vendor.code, 'debit', {
            playerId,
            transactionId: newTxnId(),
            roundId: 'shared',
            gameCode: 'g',
            amountMinor: '1000',
          }),
        ),
      );
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code === 'OK')).toHaveLength(10);
      expect(codes.filter((code) => code === 'INSUFFICIENT_FUNDS')).toHaveLength(DELIVERIES - 10);
      expect(await ledger.mainBalanceOf(member.id)).toBe(0n);
      expect(await roundOf(handle.db, vendor.code, 'shared')).toMatchObject({ stake: '10000' });
    });

    it('when debits and their rollbacks arrive at the same moment, then each pair ends refunded or refused, never half-done', async () => {
      const { vendor, member, playerId } = await player(100_000n);
      const pairs = Array.from({ length: DELIVERIES / 2 }, (_, n) => ({
        debit: `d-${n}`,
        roundId: `pair-${n}`,
      }));
      const answers = await Promise.all(
        pairs.flatMap(({ debit, roundId }) => [
          vendorCall(app, vendor.code, 'debit', {
            playerId,
            transactionId: debit,
            roundId,
            gameCode: 'g',
            amountMinor: '500',
          }),
          vendorCall(app, vendor.code, 'rollback', {
            playerId,
            transactionId: `rb-${debit}`,
            roundId,
            gameCode: 'g',
            refTransactionId: debit,
          }),
        ]),
      );
      for (let n = 0; n < pairs.length; n += 1) {
        const [debit, rollback] = [answers[2 * n], answers[2 * n + 1]];
        expect(rollback?.body.code).toBe('OK');
        if (debit?.body.code === 'OK') expect(rollback?.body.value.amountMinor).toBe('500');
        else {
          expect(debit?.body.code).toBe('TRANSACTION_ROLLED_BACK');
          expect(rollback?.body.value.amountMinor).toBe('0');
        }
      }
      expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n);
    });

    /** `rounds` rounds of one member, each with one debit of 500, old enough for an operator refund. */
    async function staleRounds(rounds: number) {
      const { vendor, member, playerId } = await player(100_000n);
      const bets = Array.from({ length: rounds }, (_, n) => ({ debit: `d-${n}`, roundId: `stale-${n}` }));
      const ids: string[] = [];
      for (const { debit, roundId } of bets) {
        const placed = await vendorCall(app, vendor.code, 'debit', {
          playerId,
          transactionId: debit,
          roundId,
          gameCode: 'g',
          amountMinor: '500',
        });
        expect(placed.body.code).toBe('OK');
        ids.push(await ageRound(handle.db, vendor.code, roundId, 30));
      }
      const refund = (id: string) =>
        app.inject({
          method: 'POST',
          url: OpsRoundPaths.refund.replace(':id', id),
          headers: opsHeaders,
          payload: { note: 'race test' },
        });
      return { vendor, member, playerId, bets, ids, refund };
    }

    it('when an operator refund races the vendor credit of the same round, then exactly one of them wins each round and the money is exact', async () => {
      const { vendor, member, playerId, bets, ids, refund } = await staleRounds(DELIVERIES / 2);
      const answers = await Promise.all(
        bets.map(({ roundId }, n) =>
          Promise.all([
            refund(ids[n] ?? ''),
            vendorCall(app, vendor.code, 'credit', {
              playerId,
              transactionId: `win-${n}`,
              roundId,
              gameCode: 'g',
              amountMinor: '800',
            }),
          ]),
        ),
      );
      let expected = 100_000n - 500n * BigInt(bets.length);
      for (const [n, [refunded, credit]] of answers.entries()) {
        const outcome = [refunded.statusCode, credit.body.code];
        if (refunded.statusCode === 200) {
          expect(outcome).toEqual([200, 'ROUND_CANCELLED']);
          expect(await roundOf(handle.db, vendor.code, `stale-${n}`)).toMatchObject({ status: 'CANCELLED' });
          expected += 500n;
        } else {
          expect([...outcome, refunded.json().code]).toEqual([409, 'OK', 'ROUND_NOT_OPEN']);
          expect(await roundOf(handle.db, vendor.code, `stale-${n}`)).toMatchObject({ status: 'SETTLED' });
          expected += 800n;
        }
      }
      expect(await ledger.mainBalanceOf(member.id)).toBe(expected);
    });

    it("when an operator refund races the vendor rollback of the round's debit, then the stake comes back exactly once", async () => {
      const { vendor, member, playerId, bets, ids, refund } = await staleRounds(DELIVERIES / 2);
      const answers = await Promise.all(
        bets.map(({ debit, roundId }, n) =>
          Promise.all([
            refund(ids[n] ?? ''),
            vendorCall(app, vendor.code, 'rollback', {
              playerId,
              transactionId: `rb-${debit}`,
              roundId,
              gameCode: 'g',
              refTransactionId: debit,
            }),
          ]),
        ),
      );
      for (const [refunded, rollback] of answers) {
        expect(rollback.body.code).toBe('OK');
        if (refunded.statusCode === 200) expect(rollback.body.value.amountMinor).toBe('0');
        else {
          expect(refunded.json().code).toBe('ROUND_NOT_OPEN');
          expect(rollback.body.value.amountMinor).toBe('500');
        }
      }
      expect(await ledger.mainBalanceOf(member.id)).toBe(100_000n);
    });
  },
);
