import { WalletOpsPaths } from '@fortuna/contracts/wallet';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../platform/db/database.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { httpLoadClient, trackRequestsInFlight } from '../../test/http-load-client.ts';
import { fund, loggedInMember } from '../../test/wallet-fixtures.ts';
import { GATEWAY_TEST_SECRET, startGateway } from '../deposit/deposit.test-helpers.ts';
import { playerAt, TEST_VENDOR_SECRET, testVendor } from '../vendors/vendors.test-helpers.ts';
import { walletSettings } from '../wallet/wallet.schema.ts';
import { addPayee, operatorToken, seedWithdrawalWorld } from '../withdrawal/withdrawal.test-helpers.ts';
import { BAD_REQUEST_KINDS, badRequest } from './http-load-bad-requests.test-helpers.ts';
import { Book, type LoadContext, type LoadMember } from './http-load-book.test-helpers.ts';
import {
  bankDeposit,
  gatewayDeposit,
  memberTransfer,
  seamlessRound,
  VENDORS,
  walletTransfer,
  withdrawal,
} from './http-load-operations.test-helpers.ts';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema.ts';
import { testLedger } from './ledger.test-helpers.ts';
import { reconcile } from './reconciliation.ts';

const CLIENTS = 50;
const OPERATIONS = 1_200;
const LINES = 6;
const PLAYERS_PER_LINE = 5;
const OPENING_MINOR = 500_000n;
const AGENT = 1;
const KEY_PREFIXES = [
  'member-transfer:',
  'wallet-transfer:',
  'deposit:',
  'withdrawal-hold:',
  'withdrawal-release:',
  'vendor:',
];

const serverUrl = process.env.TEST_DATABASE_URL;
const missingServer = !serverUrl;
// Like the ledger's other load tests: skipped with the reason locally, a failure in CI.
const describeOnPostgres = missingServer && process.env.CI !== 'true' ? describe.skip : describe;

describeOnPostgres(
  `money through the HTTP API under concurrent load [PostgreSQL${missingServer ? ' variant skipped: TEST_DATABASE_URL is not set' : ''}]`,
  () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let gateway: Awaited<ReturnType<typeof startGateway>>;
    let app: FastifyInstance;
    let inFlight: ReturnType<typeof trackRequestsInFlight>;
    let baseUrl: string;

    beforeAll(async () => {
      if (missingServer) throw new Error('CI needs TEST_DATABASE_URL for the PostgreSQL HTTP load test');
      const database = await createPostgresDatabase();
      drop = database.drop;
      handle = await openPostgres(database.url, { maxConnections: 20 });
      await handle.migrate();
      await seedDemoData(handle.db);
      await seedWithdrawalWorld(handle.db);
      await seedDepositChannels(handle.db);
      // The operator allows many withdrawals a day: the load makes far more than five per member.
      await handle.db
        .update(walletSettings)
        .set({ withdrawDailyCount: 1_000 })
        .where(eq(walletSettings.id, 1));
      gateway = await startGateway();
      app = await buildTestApp(handle, {
        PAYMENT_GATEWAY_URL: gateway.url,
        PAYMENT_GATEWAY_SECRET: GATEWAY_TEST_SECRET,
      });
      inFlight = trackRequestsInFlight(app);
      baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    }, 60_000);

    afterAll(async () => {
      // The clients' keep-alive connections would hold the server open: the load is over.
      app?.server.closeAllConnections();
      await app?.close();
      await gateway?.app.close();
      await handle?.close();
      await drop?.();
    }, 30_000);

    /**
     * Lines of agent → sub-agent → players, each logged in, funded, with a payee account and a
     * player id at the seamless vendor.
     */
    async function membersOfTheLoad(vendorCode: string): Promise<LoadMember[]> {
      const db = handle.db;
      const ledger = testLedger(db);
      const all: LoadMember[] = [];
      const join = async (fields: { type?: number; uplineId?: bigint }, upline: LoadMember | null) => {
        const who = await loggedInMember(db, fields);
        await fund(ledger, who.member.id, OPENING_MINOR);
        const payee = await addPayee(app, who.headers);
        expect(payee.statusCode).toBe(201);
        const member: LoadMember = {
          id: who.member.id,
          username: who.member.username,
          headers: who.headers,
          payeeId: payee.json().value.id,
          upline: upline?.username ?? null,
          below: [],
          playerId: await playerAt(db, vendorCode, who.member.id),
        };
        all.push(member);
        return member;
      };
      for (let line = 0; line < LINES; line += 1) {
        const agent = await join({ type: AGENT }, null);
        const subAgent = await join({ type: AGENT, uplineId: agent.id }, agent);
        agent.below.push(subAgent.username);
        for (let n = 0; n < PLAYERS_PER_LINE; n += 1) {
          const player = await join({ uplineId: subAgent.id }, subAgent);
          agent.below.push(player.username);
          subAgent.below.push(player.username);
        }
      }
      return all;
    }

    it('when 50 clients send thousands of deposits, withdrawals, member and vendor-wallet transfers and seamless vendor rounds with duplicates, time-outs and bad requests, then every key is applied once, balances match the acknowledged operations and the ledger reconciles', async () => {
      const db = handle.db;
      const random = seededRandom(20_261_124);
      const vendor = await testVendor(db);
      const members = await membersOfTheLoad(vendor.code);
      const switched = await app.inject({
        method: 'PUT',
        url: WalletOpsPaths.settings,
        headers: opsHeaders,
        payload: { isSingle: false },
      });
      expect(switched.statusCode).toBe(200);
      const ctx: LoadContext = {
        client: httpLoadClient(baseUrl),
        random,
        book: new Book(),
        members,
        byUsername: new Map(members.map((member) => [member.username, member])),
        operator: { authorization: `Bearer ${await operatorToken(app, 'finance01')}` },
        gatewaySecret: GATEWAY_TEST_SECRET,
        vendor: { code: vendor.code, secret: TEST_VENDOR_SECRET },
      };
      for (const member of members) ctx.book.credit(member.id, OPENING_MINOR);

      // Each member is picked for a wrong payment password at most twice (five lock it).
      let wrongPasswordTurn = 0;
      const strangerOf = (member: LoadMember) =>
        random.pick(
          members.filter(
            (other) =>
              other !== member && !member.below.includes(other.username) && other.upline !== member.username,
          ),
        );
      const operations = Array.from({ length: OPERATIONS }, (): (() => Promise<void>) => {
        const member = random.pick(members);
        const roll = random.int(1, 100);
        const amount = (min: number, max: number) => BigInt(random.int(min, max));
        if (roll <= 18) {
          const amountMinor = amount(100, 150_000);
          return () => memberTransfer(ctx, member, amountMinor);
        }
        if (roll <= 32) {
          const stake = amount(100, 50_000);
          const win = random.chance(0.5) ? 0n : amount(1, 100_000);
          return () => seamlessRound(ctx, member, stake, win);
        }
        if (roll <= 47) {
          const vendor = random.pick(VENDORS);
          const toVendor = random.chance(0.55);
          const amountMinor = amount(100, 200_000);
          return async () => {
            await walletTransfer(ctx, member, vendor, toVendor, amountMinor);
          };
        }
        if (roll <= 67) {
          const outcome = random.pick([
            'PAID',
            'PAID',
            'PAID',
            'PAID',
            'PAID',
            'PAID',
            'PAID',
            'FAILED',
            'NO_CALLBACK',
          ] as const);
          const amountMinor = amount(10_000, 150_000);
          return () => gatewayDeposit(ctx, member, amountMinor, outcome);
        }
        if (roll <= 75) {
          const approve = random.chance(0.8);
          const amountMinor = amount(50_000, 200_000);
          return () => bankDeposit(ctx, member, amountMinor, approve);
        }
        if (roll <= 94) {
          const fate = random.pick([
            'approve',
            'approve-and-pay',
            'reject',
            'reject',
            'left-pending',
          ] as const);
          const amountMinor = amount(10_000, 250_000);
          return () => withdrawal(ctx, member, amountMinor, fate);
        }
        const kind = random.int(0, BAD_REQUEST_KINDS - 1);
        const who = kind === 2 ? (members[wrongPasswordTurn++ % members.length] as LoadMember) : member;
        const stranger = strangerOf(who);
        return () => badRequest(ctx, kind, who, stranger);
      });

      let next = 0;
      const startedAt = Date.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < operations.length) await (operations[next++] as () => Promise<void>)();
        }),
      );
      // Abandoned requests finish in the server after their clients left; then their outcome is read.
      await inFlight.settled();
      for (const settle of ctx.book.uncertain) await settle();
      const elapsedMs = Date.now() - startedAt;

      // Every acknowledged key is in the ledger exactly once; no refused or unanswered one is.
      const stored = await db
        .select({ key: ledgerTransactions.idempotencyKey, count: sql<number>`count(*)::int` })
        .from(ledgerTransactions)
        .where(or(...KEY_PREFIXES.map((prefix) => like(ledgerTransactions.idempotencyKey, `${prefix}%`))))
        .groupBy(ledgerTransactions.idempotencyKey);
      expect(stored.filter((row) => row.count !== 1)).toEqual([]);
      const storedKeys = new Set(stored.map((row) => row.key));
      expect([...ctx.book.appliedKeys].filter((key) => !storedKeys.has(key))).toEqual([]);
      expect([...storedKeys].filter((key) => !ctx.book.appliedKeys.has(key))).toEqual([]);
      expect([...ctx.book.unappliedKeys].filter((key) => storedKeys.has(key))).toEqual([]);

      // Each member's wallets hold what the acknowledged operations imply; none is below zero.
      const ledger = testLedger(db);
      for (const member of members) {
        expect(await ledger.mainBalanceOf(member.id), member.username).toBe(ctx.book.main.get(member.id));
      }
      const vendorAccounts = await db
        .select({
          memberId: ledgerAccounts.memberId,
          vendor: ledgerAccounts.vendor,
          balanceMinor: ledgerAccounts.balanceMinor,
        })
        .from(ledgerAccounts)
        .where(
          and(
            inArray(
              ledgerAccounts.memberId,
              members.map((member) => member.id),
            ),
            inArray(ledgerAccounts.vendor, [...VENDORS]),
          ),
        );
      const vendorBalances = new Map(
        vendorAccounts.map((row) => [`${row.memberId}:${row.vendor}`, row.balanceMinor]),
      );
      for (const [key, expected] of ctx.book.vendor)
        expect(vendorBalances.get(key) ?? 0n, key).toBe(expected);
      for (const balance of [...ctx.book.main.values(), ...vendorBalances.values()])
        expect(balance).toBeGreaterThanOrEqual(0n);
      expect(await reconcile(db)).toEqual({ ok: true, problems: [] });

      // A realistic load: most keys went through, some debits were refused for lack of funds.
      expect(ctx.book.appliedKeys.size).toBeGreaterThan(OPERATIONS / 2);
      console.info(
        `HTTP load: ${OPERATIONS} operations (${ctx.client.sent()} HTTP requests) by ${CLIENTS} clients in ${elapsedMs} ms; ${ctx.book.appliedKeys.size} ledger keys applied, ${ctx.book.uncertain.length} abandoned calls settled afterwards; refusals ${JSON.stringify(Object.fromEntries(ctx.book.refusals))}`,
      );
    }, 120_000);
  },
);
