import { type CreatePromotion, PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { at, HOUR_MS, promotionInput } from './promotion-setup.test-helpers.ts';
import { promotions as promotionsTable } from './promotions.schema.ts';
import { creditDeposit, TEST_TERMS, testPromotions } from './promotions.test-helpers.ts';

/** A LOSS promotion's bad windows and their neighbours' rules, each naming the field. */
function lossWindowCases(): [Partial<Record<keyof CreatePromotion, unknown>>, string][] {
  const loss = { trigger: 'LOSS', automatic: false, thresholdMinor: '100' };
  const window = { startsAt: at(-2 * HOUR_MS), endsAt: at(-HOUR_MS) };
  return [
    [{ ...loss, lossWindow: { startsAt: at(-HOUR_MS), endsAt: at(-2 * HOUR_MS) } }, 'lossWindow'],
    [{ ...loss, lossWindow: { startsAt: at(-32 * 24 * HOUR_MS), endsAt: at(-HOUR_MS) } }, 'lossWindow'],
    [{ ...loss, lossWindow: { startsAt: 'last week', endsAt: at(-HOUR_MS) } }, 'lossWindow'],
    [{ ...loss, lossWindow: { startsAt: window.startsAt } }, 'lossWindow'],
    [{ ...loss, lossWindow: 'yesterday' }, 'lossWindow'],
    [{ ...loss, lossWindow: window, endsAt: at(-HOUR_MS - 1000), startsAt: at(-4 * HOUR_MS) }, 'lossWindow'],
    [{ ...loss, lossWindow: window, thresholdMinor: null }, 'thresholdMinor'],
    [{ ...loss, lossWindow: window, perMemberLimit: 3 }, 'perMemberLimit'],
    [{ ...loss, lossWindow: window, automatic: true }, 'automatic'],
  ];
}

describeEachDatabase('operators create and edit promotions', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let finance: Record<string, string>;
  beforeAll(async () => {
    await db().execute(sql`update promotions set status = 'ENDED'`);
    app = await buildTestApp(database());
    admin = (await readyOperator(app, 'ADMIN')).headers;
    finance = (await readyOperator(app, 'FINANCE')).headers;
  });
  afterAll(async () => {
    await app.close();
  });
  const create = (payload: unknown, headers = admin) =>
    app.inject({ method: 'POST', url: PromotionSetupPaths.create, headers, payload: payload as object });
  const edit = (id: string, payload: unknown, headers = admin) =>
    app.inject({
      method: 'PUT',
      url: PromotionSetupPaths.one.replace(':id', id),
      headers,
      payload: payload as object,
    });
  const firstDepositGrants = async () => {
    const { ledger, promotions } = testPromotions(db());
    const member = await createMember(db());
    return creditDeposit(db(), ledger, promotions, {
      memberId: member.id,
      amountMinor: 10_000n,
      first: true,
    });
  };
  const endAll = () => db().execute(sql`update promotions set status = 'ENDED'`);

  it('when an ADMIN creates a promotion, then it is stored with sanitised HTML, audited, and grants on its trigger', async () => {
    await endAll();
    const input = promotionInput({
      texts: {
        EN: { title: '<b>Reload</b> bonus', bodyHtml: '<p onclick="x()">Hi<script>alert(1)</script></p>' },
        TY: { title: 'Reload', bodyHtml: '<p>Kumusta</p>' },
      },
    });
    const answer = await create(input);
    expect(answer.statusCode, answer.body).toBe(200);
    const created = answer.json().value;
    expect(created).toMatchObject({
      code: input.code,
      status: 'ACTIVE',
      version: 1,
      title: 'Reload bonus',
      texts: { EN: { title: 'Reload bonus', bodyHtml: '<p>Hi</p>' }, TY: { bodyHtml: '<p>Kumusta</p>' } },
    });
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audits.map((row) => row.action)).toContain('promotion.create');
    expect(await firstDepositGrants()).toHaveLength(1);
    const again = await create({ ...input });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('code');
  });

  it('when a promotion starts in the future or has ended, then a deposit grants nothing; an edit that starts it now grants and bumps the version', async () => {
    await endAll();
    const future = (await create(promotionInput({ startsAt: at(HOUR_MS) }))).json().value;
    await create(promotionInput({ startsAt: at(-2 * HOUR_MS), endsAt: at(-HOUR_MS) }));
    expect(await firstDepositGrants()).toEqual([]);
    const started = await edit(future.id, {
      ...promotionInput({ startsAt: at(-1000) }),
      code: undefined,
      reason: 'start early',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().value.version).toBe(2);
    const grants = await firstDepositGrants();
    expect(grants).toHaveLength(1);
    expect(String(grants[0]?.promotionId)).toBe(future.id);
    // Ending it by schedule: the next deposit finds nothing.
    await edit(future.id, {
      ...promotionInput({ startsAt: at(-HOUR_MS), endsAt: at(-1000) }),
      code: undefined,
      reason: 'stop',
    });
    expect(await firstDepositGrants()).toEqual([]);
  });

  it('when a promotion is for a list of members or for new players, then only they get it on their deposit', async () => {
    await endAll();
    const listed = await createMember(db());
    const other = await createMember(db());
    // A node of its own for each deposit: its copy of the running promotions is read afresh.
    const deposit = (memberId: bigint) => {
      const { ledger, promotions } = testPromotions(db());
      return creditDeposit(db(), ledger, promotions, { memberId, amountMinor: 10_000n, first: true });
    };
    const listOnly = await create(
      promotionInput({ audience: 'MEMBERS', audienceMemberIds: [String(listed.id)] }),
    );
    expect(listOnly.statusCode, listOnly.body).toBe(200);
    expect(await deposit(other.id)).toEqual([]);
    expect(await deposit(listed.id)).toHaveLength(1);
    await endAll();
    await create(promotionInput({ audience: 'NEW_PLAYERS' }));
    const veteran = await createMember(db());
    await db().execute(
      sql`update members set created_at = now() - interval '31 days' where id = ${veteran.id}`,
    );
    expect(await deposit(veteran.id)).toEqual([]);
    expect(await deposit((await createMember(db())).id)).toHaveLength(1);
  });

  it('when an edit sets the budget below what was spent, or edits an ended promotion, then it is refused and nothing changes', async () => {
    await endAll();
    const promotion = (await create(promotionInput())).json().value;
    expect(await firstDepositGrants()).toHaveLength(1);
    const tooLow = await edit(promotion.id, {
      ...promotionInput({ budgetMinor: '1' }),
      code: undefined,
      reason: 'cut',
    });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.body).toContain('budgetMinor');
    await db().execute(sql`update promotions set status = 'ENDED' where id = ${BigInt(promotion.id)}`);
    const ended = await edit(promotion.id, { ...promotionInput(), code: undefined, reason: 'revive' });
    expect(ended.statusCode).toBe(409);
    const [row] = await db()
      .select()
      .from(promotionsTable)
      .where(eq(promotionsTable.id, BigInt(promotion.id)));
    expect(row?.version).toBe(1);
  });

  it('when an ADMIN creates an Nth-deposit or a loss promotion, then its ordinal and window are stored and answered', async () => {
    const nth = await create(promotionInput({ trigger: 'NTH_DEPOSIT', depositOrdinal: 3 }));
    expect(nth.statusCode, nth.body).toBe(200);
    expect(nth.json().value).toMatchObject({ trigger: 'NTH_DEPOSIT', depositOrdinal: 3, lossWindow: null });
    const lossWindow = { startsAt: '2026-11-16T00:00:00.000Z', endsAt: '2026-11-23T00:00:00.000Z' };
    const loss = await create(
      promotionInput({ trigger: 'LOSS', automatic: false, thresholdMinor: '1000', lossWindow }),
    );
    expect(loss.statusCode, loss.body).toBe(200);
    const id = loss.json().value.id;
    const read = await app.inject({
      method: 'GET',
      url: PromotionSetupPaths.one.replace(':id', id),
      headers: admin,
    });
    expect(read.json().value).toMatchObject({
      trigger: 'LOSS',
      depositOrdinal: null,
      lossWindow,
      thresholdMinor: '1000',
    });
    await endAll();
  });

  it('when a create carries bad input in any field, or no ADMIN, then 4xx naming the field and nothing is written', async () => {
    const before = (await db().select().from(promotionsTable)).length;
    const wagering = TEST_TERMS.wagering;
    const cases: [Partial<Record<keyof CreatePromotion, unknown>>, string][] = [
      [{ code: 'lower case' }, 'code'],
      [{ code: 'A\u0000BC' }, 'code'],
      [{ type: 'CASINO' }, 'type'],
      [{ type: 7 }, 'type'],
      [{ texts: {} }, 'texts'],
      [{ texts: { EN: { title: 'a\u0000b', bodyHtml: '' } } }, 'title'],
      [{ texts: { EN: { title: '\ud800', bodyHtml: '' } } }, 'title'],
      [{ texts: { EN: { title: 'x', bodyHtml: 'x'.repeat(20_001) } } }, 'bodyHtml'],
      [{ texts: { EN: { title: 'x'.repeat(121), bodyHtml: '' } } }, 'title'],
      [{ texts: { XX: { title: 'x', bodyHtml: '' } } }, 'texts'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ endsAt: at(-2 * HOUR_MS) }, 'endsAt'],
      [{ audience: 'VIPS' }, 'audience'],
      [{ audience: 'MEMBERS', audienceMemberIds: [] }, 'audienceMemberIds'],
      [{ audience: 'MEMBERS', audienceMemberIds: [PAST_BIGINT] }, 'audienceMemberIds'],
      [{ audience: 'MEMBERS', audienceMemberIds: ['999999999999'] }, 'audienceMemberIds'],
      [{ trigger: 'LOGIN' }, 'trigger'],
      [{ trigger: 'SIGN_UP' }, 'automatic'],
      [{ trigger: 'VALID_BETS', automatic: false }, 'thresholdMinor'],
      [{ thresholdMinor: '100' }, 'thresholdMinor'],
      [{ terms: { ...TEST_TERMS, wagering: { ...wagering, multiplier: 11 } } }, 'multiplier'],
      [
        { terms: { ...TEST_TERMS, wagering: { ...wagering, weightsPercent: { RNG: 101 } } } },
        'weightsPercent',
      ],
      [
        { terms: { ...TEST_TERMS, wagering: { ...wagering, weightsPercent: { BINGO: 50 } } } },
        'weightsPercent',
      ],
      [{ terms: { ...TEST_TERMS, wagering: { ...wagering, maxStakeMinor: '-5' } } }, 'maxStakeMinor'],
      [{ terms: { ...TEST_TERMS, reward: { kind: 'PERCENT', percentBp: 5000 } } }, 'capMinor'],
      [{ terms: { ...TEST_TERMS, reward: { kind: 'PERCENT', percentBp: 5000, capMinor: '0' } } }, 'cap'],
      [{ terms: { ...TEST_TERMS, reward: { kind: 'FIXED', amountMinor: '-100' } } }, 'amountMinor'],
      [{ terms: { ...TEST_TERMS, reward: { kind: 'FIXED', amountMinor: '9'.repeat(16) } } }, 'amountMinor'],
      [{ trigger: 'SIGN_UP', automatic: false }, 'FIXED'],
      [{ trigger: 'NTH_DEPOSIT' }, 'depositOrdinal'],
      [{ trigger: 'NTH_DEPOSIT', depositOrdinal: 1 }, 'depositOrdinal'],
      [{ trigger: 'NTH_DEPOSIT', depositOrdinal: 101 }, 'depositOrdinal'],
      [{ trigger: 'NTH_DEPOSIT', depositOrdinal: 2.5 }, 'depositOrdinal'],
      [{ trigger: 'NTH_DEPOSIT', depositOrdinal: '2' }, 'depositOrdinal'],
      [{ trigger: 'NTH_DEPOSIT', depositOrdinal: 2, perMemberLimit: 2 }, 'perMemberLimit'],
      [{ depositOrdinal: 2 }, 'depositOrdinal'],
      [{ trigger: 'LOSS', automatic: false, thresholdMinor: '100' }, 'lossWindow'],
      [{ lossWindow: { startsAt: at(-2 * HOUR_MS), endsAt: at(-HOUR_MS) } }, 'lossWindow'],
      ...lossWindowCases(),
      [{ perMemberLimit: 0 }, 'perMemberLimit'],
      [{ perMemberLimit: 1.5 }, 'perMemberLimit'],
      [{ budgetMinor: '-1' }, 'budgetMinor'],
      [{ budgetMinor: 1000 }, 'budgetMinor'],
      [{ budgetMinor: PAST_BIGINT }, 'budgetMinor'],
    ];
    for (const [override, field] of cases) {
      const answer = await create(promotionInput(override as Partial<CreatePromotion>));
      expect(answer.statusCode, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(answer.body, JSON.stringify(override).slice(0, 80)).toContain(field);
    }
    expect((await create(promotionInput(), finance)).statusCode).toBe(403);
    expect((await create(promotionInput(), {})).statusCode).toBe(401);
    expect((await edit(PAST_BIGINT, { ...promotionInput(), reason: 'beyond' })).statusCode).toBe(400);
    expect(
      (await edit('999999999', { ...promotionInput(), code: undefined, reason: 'nobody' })).statusCode,
    ).toBe(404);
    expect((await db().select().from(promotionsTable)).length).toBe(before);
  });
});
