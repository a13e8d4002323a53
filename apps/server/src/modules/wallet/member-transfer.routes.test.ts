import { MemberTransferResponseSchema, WalletCallPaths } from '@fortuna/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fund, loggedInMember, TEST_PAYMENT_PASSWORD } from '../../test/wallet-fixtures.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { testLedger } from '../ledger/ledger.test-helpers.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { call, newRequestId } from './wallet.test-helpers.ts';

const AGENT = 1;

describeEachDatabase('transfers to the upline and to a downline', (database) => {
  let app: FastifyInstance;
  let ledger: LedgerService;
  beforeAll(async () => {
    app = await buildTestApp(database());
    ledger = testLedger(database().db);
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  const balance = (memberId: bigint) => ledger.mainBalanceOf(memberId);
  const send = (headers: Record<string, string>, body: Record<string, unknown>) =>
    call(app, 'POST', WalletCallPaths.memberTransfer, headers, {
      paymentPassword: TEST_PAYMENT_PASSWORD,
      requestId: newRequestId(),
      ...body,
    });

  /** agent → sub-agent → player, each logged in; the player and the agent hold 1,000.00. */
  async function line() {
    const db = database().db;
    const agent = await loggedInMember(db, { type: AGENT });
    const subAgent = await loggedInMember(db, {
      type: AGENT,
      uplineId: agent.member.id,
      withPaymentPassword: false,
    });
    const player = await loggedInMember(db, { uplineId: subAgent.member.id });
    await fund(ledger, agent.member.id, 100_000n);
    await fund(ledger, player.member.id, 100_000n);
    return { agent, subAgent, player };
  }

  it("when a member pays its direct upline, then the money moves main to main and the answer has the caller's balance", async () => {
    const { subAgent, player } = await line();
    const answer = await send(player.headers, {
      direction: 'UPLINE',
      account: subAgent.member.username.toUpperCase(),
      amountMinor: '25000',
    });
    expect(answer.status).toBe(200);
    expect(MemberTransferResponseSchema.parse(answer.body).value).toMatchObject({
      direction: 'UPLINE',
      account: subAgent.member.username,
      amountMinor: '25000',
      balanceMinor: '75000',
    });
    expect(await balance(player.member.id)).toBe(75_000n);
    expect(await balance(subAgent.member.id)).toBe(25_000n);
  });

  it('when an agent pays a direct downline or one deeper in its line, then both arrive', async () => {
    const { agent, subAgent, player } = await line();
    expect(
      (
        await send(agent.headers, {
          direction: 'DOWNLINE',
          account: subAgent.member.username,
          amountMinor: '100',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(agent.headers, {
          direction: 'DOWNLINE',
          account: player.member.username,
          amountMinor: '200',
        })
      ).status,
    ).toBe(200);
    expect(await balance(subAgent.member.id)).toBe(100n);
    expect(await balance(player.member.id)).toBe(100_200n);
    expect(await balance(agent.member.id)).toBe(99_700n);
  });

  it('when the same requestId is sent again, then the first answer comes back and the money moved once', async () => {
    const { subAgent, player } = await line();
    const body = {
      direction: 'UPLINE',
      account: subAgent.member.username,
      amountMinor: '3000',
      requestId: newRequestId(),
    };
    const first = await send(player.headers, body);
    const again = await send(player.headers, body);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    expect(await balance(player.member.id)).toBe(97_000n);
    expect(await balance(subAgent.member.id)).toBe(3_000n);
  });

  it.each([
    ['someone who is not the upline', 'stranger'],
    ['the upline of the upline', 'agent'],
    ['an account that does not exist', 'nobody'],
    ['oneself', 'self'],
  ])(
    'when a member pays %s as upline, then 403 names body.account and nothing moved',
    async (_label, whom) => {
      const { agent, player } = await line();
      const stranger = await loggedInMember(database().db, { withPaymentPassword: false });
      const account = {
        stranger: stranger.member.username,
        agent: agent.member.username,
        nobody: 'nosuchmember1',
        self: player.member.username,
      }[whom];
      const refused = await send(player.headers, { direction: 'UPLINE', account, amountMinor: '100' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect(refused.body.value.issues[0].field).toBe('body.account');
      expect(refused.body.message).toBe(`You cannot transfer to ${account}`);
      expect(await balance(player.member.id)).toBe(100_000n);
      expect(await balance(agent.member.id)).toBe(100_000n);
      expect(await balance(stranger.member.id)).toBe(0n);
    },
  );

  it('when a non-agent pays its own downline, or an agent someone outside its line, then 403 and nothing moved', async () => {
    const { agent, subAgent, player } = await line();
    const downlineOfPlayer = await loggedInMember(database().db, {
      uplineId: player.member.id,
      withPaymentPassword: false,
    });
    const byPlayer = await send(player.headers, {
      direction: 'DOWNLINE',
      account: downlineOfPlayer.member.username,
      amountMinor: '100',
    });
    expect(byPlayer.status).toBe(403);
    const otherLine = await line();
    const outside = await send(agent.headers, {
      direction: 'DOWNLINE',
      account: otherLine.player.member.username,
      amountMinor: '100',
    });
    expect(outside.status).toBe(403);
    expect(outside.body.value.issues[0].field).toBe('body.account');
    const upwards = await send(agent.headers, {
      direction: 'DOWNLINE',
      account: agent.member.username,
      amountMinor: '100',
    });
    expect(upwards.status).toBe(403);
    const subToOwnUpline = await send(player.headers, {
      direction: 'DOWNLINE',
      account: subAgent.member.username,
      amountMinor: '1',
    });
    expect(subToOwnUpline.status).toBe(403);
    expect(await balance(player.member.id)).toBe(100_000n);
    expect(await balance(agent.member.id)).toBe(100_000n);
    expect(await balance(downlineOfPlayer.member.id)).toBe(0n);
    expect(await balance(otherLine.player.member.id)).toBe(100_000n);
  });

  it('when the payment password is wrong or not set, then 400 names it and nothing moved', async () => {
    const { agent, subAgent, player } = await line();
    const wrong = await send(player.headers, {
      direction: 'UPLINE',
      account: subAgent.member.username,
      amountMinor: '100',
      paymentPassword: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('PAYMENT_PASSWORD_WRONG');
    expect(wrong.body.value.issues[0].field).toBe('body.paymentPassword');
    const malformed = await send(player.headers, {
      direction: 'UPLINE',
      account: subAgent.member.username,
      amountMinor: '100',
      paymentPassword: '12ab',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.value.issues[0].field).toBe('body.paymentPassword');
    // The sub-agent has no payment password yet.
    const notSet = await send(subAgent.headers, {
      direction: 'UPLINE',
      account: agent.member.username,
      amountMinor: '1',
    });
    expect(notSet.status).toBe(400);
    expect(notSet.body.code).toBe('PAYMENT_PASSWORD_NOT_SET');
    expect(await balance(player.member.id)).toBe(100_000n);
    expect(await balance(subAgent.member.id)).toBe(0n);
  });

  it('when the amount is below the transfer minimum (1.00) or more than the wallet holds, then refused and nothing moved', async () => {
    const { subAgent, player } = await line();
    const small = await send(player.headers, {
      direction: 'UPLINE',
      account: subAgent.member.username,
      amountMinor: '99',
    });
    expect(small.status).toBe(400);
    expect(small.body.value.issues[0]).toEqual({
      field: 'body.amountMinor',
      message: 'must be at least 1.00',
    });
    const tooMuch = await send(player.headers, {
      direction: 'UPLINE',
      account: subAgent.member.username,
      amountMinor: '100001',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(player.member.id)).toBe(100_000n);
    expect(await balance(subAgent.member.id)).toBe(0n);
  });

  it.each([['-100'], ['0'], ['1.5'], ['10000000000001'], [100], [undefined]])(
    'when the amount is %j, then 400 names body.amountMinor and nothing moved',
    async (amountMinor) => {
      const { subAgent, player } = await line();
      const refused = await send(player.headers, {
        direction: 'UPLINE',
        account: subAgent.member.username,
        amountMinor,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.value.issues.map((issue: { field: string }) => issue.field)).toContain(
        'body.amountMinor',
      );
      expect(await balance(player.member.id)).toBe(100_000n);
    },
  );

  it('when the direction is neither UPLINE nor DOWNLINE, then 400 names body.direction', async () => {
    const { subAgent, player } = await line();
    const refused = await send(player.headers, {
      direction: 'SIDEWAYS',
      account: subAgent.member.username,
      amountMinor: '100',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.value.issues[0].field).toBe('body.direction');
  });
});
