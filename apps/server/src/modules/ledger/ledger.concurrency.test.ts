import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { members } from '../identity/identity.schema.ts';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema.ts';
import type { LedgerService, PostedTransaction } from './ledger.service.ts';
import { move, testLedger } from './ledger.test-helpers.ts';
import type { PostingRequest, TransactionType } from './posting.ts';
import { reconcile } from './reconciliation.ts';

const CLIENTS = 50;
const OPERATIONS = 3_000;
const MEMBERS = 24;
const OPENING_MINOR = 20_000n;
const DUPLICATE_SHARE = 0.1;
const ABANDON_SHARE = 0.05;

type Outcome = { answer: PostedTransaction } | { refused: string };

/** One delivery; an abandoning client stops waiting after `abandonAfterMs`, the work goes on. */
async function deliver(
  ledger: LedgerService,
  request: PostingRequest,
  abandonAfterMs: number | null,
  work: Promise<Outcome>[],
): Promise<void> {
  const attempt = ledger.post(request).then(
    (answer): Outcome => ({ answer }),
    (error: unknown): Outcome => {
      if (error instanceof AppError) return { refused: error.code };
      throw error;
    },
  );
  work.push(attempt);
  if (abandonAfterMs === null) {
    await attempt;
    return;
  }
  await Promise.race([attempt, new Promise((resolve) => setTimeout(resolve, abandonAfterMs))]);
}

const serverUrl = process.env.TEST_DATABASE_URL;
const missingServer = !serverUrl;
// Like describeEachDatabase's PostgreSQL variant: skipped with the reason locally, a failure in CI.
const describeOnPostgres = missingServer && process.env.CI !== 'true' ? describe.skip : describe;

describeOnPostgres(
  `ledger under concurrent load [PostgreSQL${missingServer ? ' variant skipped: TEST_DATABASE_URL is not set' : ''}]`,
  () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      if (missingServer) throw new Error('CI needs TEST_DATABASE_URL for the PostgreSQL ledger load test');
      const database = await createPostgresDatabase();
      drop = database.drop;
      // One pool connection per client, plus one for the checks.
      handle = await openPostgres(database.url, { maxConnections: CLIENTS + 1 });
      await handle.migrate();
    });
    afterAll(async () => {
      await handle?.close();
      await drop?.();
    });

    it('when 50 clients send thousands of mixed operations with duplicate deliveries and abandoned requests, then every key is applied once, no member goes below zero and the ledger reconciles', async () => {
      const db = handle.db;
      const ledger = testLedger(db);
      const random = seededRandom(20_260_501);

      const memberRows = await db
        .insert(members)
        .values(Array.from({ length: MEMBERS }, (_, n) => ({ username: `load${n}`, nickname: `Load ${n}` })))
        .returning({ id: members.id });
      const wallets = await Promise.all(memberRows.map((row) => ledger.mainAccountOf(row.id)));
      const walletIds = wallets.map((wallet) => wallet.id);
      const house = (await ledger.systemAccount('HOUSE')).id;
      const clearing = (await ledger.systemAccount('PAYMENT_CLEARING')).id;
      const vendors = [
        (await ledger.vendorOwnAccountIds('PG'))[1] as bigint,
        (await ledger.vendorOwnAccountIds('JILI'))[1] as bigint,
      ];
      for (const [n, id] of walletIds.entries()) {
        await ledger.post({
          type: 'OPENING',
          reference: 'opening',
          actor: 'system',
          idempotencyKey: `opening:${n}`,
          entries: move(house, id, OPENING_MINOR),
        });
      }

      const requests: PostingRequest[] = Array.from({ length: OPERATIONS }, (_, n) => {
        const member = random.pick(walletIds);
        const roll = random.int(1, 100);
        const [type, entries]: [TransactionType, ReturnType<typeof move>] =
          roll <= 40
            ? [
                'TRANSFER',
                move(
                  member,
                  random.pick(walletIds.filter((id) => id !== member)),
                  BigInt(random.int(1, 4_000)),
                ),
              ]
            : roll <= 60
              ? ['VENDOR_DEBIT', move(member, random.pick(vendors), BigInt(random.int(1, 3_000)))]
              : roll <= 80
                ? ['VENDOR_CREDIT', move(random.pick(vendors), member, BigInt(random.int(1, 3_000)))]
                : roll <= 92
                  ? ['DEPOSIT', move(clearing, member, BigInt(random.int(100, 5_000)))]
                  : ['WITHDRAWAL_HOLD', move(member, clearing, BigInt(random.int(100, 8_000)))];
        return { type, reference: `load ${n}`, actor: 'system', idempotencyKey: `load:${n}`, entries };
      });

      // Each request is delivered once, or twice at about the same time (a client retry racing
      // the first attempt); some deliveries are abandoned by their client mid-way.
      const deliveries = requests.flatMap((request) =>
        random.chance(DUPLICATE_SHARE) ? [request, { ...request, actor: 'vendor:retry' }] : [request],
      );
      const abandonAfter = deliveries.map(() => (random.chance(ABANDON_SHARE) ? random.int(0, 3) : null));
      const work: Promise<Outcome>[] = [];
      const outcomesByKey = new Map<string, Promise<Outcome>[]>();
      let next = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < deliveries.length) {
            const index = next++;
            const request = deliveries[index] as PostingRequest;
            const before = work.length;
            await deliver(ledger, request, abandonAfter[index] ?? null, work);
            const list = outcomesByKey.get(request.idempotencyKey) ?? [];
            list.push(work[before] as Promise<Outcome>);
            outcomesByKey.set(request.idempotencyKey, list);
          }
        }),
      );
      // Abandoned requests still finish (commit or roll back) in the database; wait for them.
      const outcomes = await Promise.all(work);
      const elapsedMs = Date.now() - started;

      const refusals = outcomes.filter((outcome) => 'refused' in outcome).map((outcome) => outcome.refused);
      expect(new Set(refusals)).toEqual(new Set(refusals.length > 0 ? ['INSUFFICIENT_FUNDS'] : []));

      // Every key: all successful deliveries answer the same transaction, exactly one of them
      // first-hand; a key with no success left nothing behind.
      const expectedDelta = new Map<bigint, bigint>();
      const appliedKeys: string[] = [];
      for (const [key, pending] of outcomesByKey) {
        const answers = (await Promise.all(pending)).flatMap((outcome) =>
          'answer' in outcome ? [outcome.answer] : [],
        );
        expect(new Set(answers.map((answer) => answer.id)).size).toBeLessThanOrEqual(1);
        if (answers.length === 0) continue;
        expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
        appliedKeys.push(key);
        for (const entry of answers[0]?.entries ?? []) {
          expectedDelta.set(entry.accountId, (expectedDelta.get(entry.accountId) ?? 0n) + entry.amountMinor);
        }
      }
      const stored = await db
        .select({ key: ledgerTransactions.idempotencyKey, count: sql<number>`count(*)::int` })
        .from(ledgerTransactions)
        .where(sql`${ledgerTransactions.idempotencyKey} like 'load:%'`)
        .groupBy(ledgerTransactions.idempotencyKey);
      expect(stored.every((row) => row.count === 1)).toBe(true);
      expect(stored.map((row) => row.key).sort()).toEqual(appliedKeys.sort());
      // A realistic load: most operations go through, some are refused for lack of funds.
      expect(appliedKeys.length).toBeGreaterThan(OPERATIONS / 2);
      expect(refusals.length).toBeGreaterThan(0);

      const accounts = await db
        .select({
          id: ledgerAccounts.id,
          kind: ledgerAccounts.kind,
          balanceMinor: ledgerAccounts.balanceMinor,
        })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...walletIds, house, clearing, ...vendors]));
      for (const account of accounts) {
        const opening = walletIds.includes(account.id)
          ? OPENING_MINOR
          : account.id === house
            ? -OPENING_MINOR * BigInt(MEMBERS)
            : 0n;
        expect(account.balanceMinor).toBe(opening + (expectedDelta.get(account.id) ?? 0n));
        if (account.kind.startsWith('MEMBER')) expect(account.balanceMinor).toBeGreaterThanOrEqual(0n);
      }
      expect(accounts.reduce((sum, account) => sum + account.balanceMinor, 0n)).toBe(0n);
      expect(await reconcile(db)).toEqual({ ok: true, problems: [] });
      console.info(
        `ledger load: ${deliveries.length} deliveries of ${OPERATIONS} operations by ${CLIENTS} clients in ${elapsedMs} ms; ${appliedKeys.length} applied, ${refusals.length} refused deliveries`,
      );
    }, 60_000);
  },
);
