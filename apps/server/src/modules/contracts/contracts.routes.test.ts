import { ContractPaths } from '@fortuna/contracts/agent-contract-calls';
import { AgentOpsPaths } from '@fortuna/contracts/agent-ops';
import { TRIAL_MEMBER_TYPE } from '@fortuna/contracts/member-types';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { agentContractEvents, agentContracts, type agentContractTemplates } from './contracts.schema.ts';

type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof loggedInMember>>;

describeEachDatabase('agent contract calls: offers, answers, lists and operators', (database) => {
  let app: FastifyInstance;
  let admin: Headers;
  let finance: Headers;
  let support: Headers;
  // top (agent 1, platform contract 1 %) ─┬─ sub (agent 2) ── deep (agent 2)
  //                                        └─ player (member)
  // other (agent 1, no upline), trial
  let top: Session;
  let sub: Session;
  let deep: Session;
  let player: Session;
  let other: Session;
  let trial: Session;
  const db = () => database().db;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const withId = (template: string, id: string | bigint) => template.replace(':id', String(id));
  const countOf = async (
    table: typeof agentContracts | typeof agentContractEvents | typeof agentContractTemplates,
  ) => Number((await db().select({ n: sql<string>`count(*)` }).from(table))[0]?.n);
  const stored = async () => [await countOf(agentContracts), await countOf(agentContractEvents)];
  const daily = (ratePercent: unknown) => ({ type: 'DAILY_SALARY', period: 'D', tiers: [{ ratePercent }] });
  /** The fields a refusal names, each once (a value may break two checks of one field). */
  const fieldsOf = (response: { json: () => { value?: unknown } }) => [
    ...new Set(
      ((response.json().value as { issues?: { field: string }[] } | undefined)?.issues ?? []).map(
        (issue) => issue.field,
      ),
    ),
  ];
  const answer = (session: Session, path: string, contractId: unknown, action: unknown = 'ACCEPT') =>
    call('POST', path, session.headers, { contractId, action });

  beforeAll(async () => {
    app = await buildTestApp(database());
    [admin, finance, support] = [
      (await readyOperator(app, 'ADMIN')).headers,
      (await readyOperator(app, 'FINANCE')).headers,
      (await readyOperator(app, 'SUPPORT')).headers,
    ];
    top = await loggedInMember(db(), { type: 1 });
    sub = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
    deep = await loggedInMember(db(), { type: 2, uplineId: sub.member.id });
    player = await loggedInMember(db(), { uplineId: top.member.id });
    other = await loggedInMember(db(), { type: 1 });
    trial = await loggedInMember(db(), { type: TRIAL_MEMBER_TYPE });
    const offered = await call('POST', ContractPaths.opsContracts, admin, {
      memberId: String(top.member.id),
      ...daily('1'),
    });
    expect(offered.statusCode).toBe(201);
    const accepted = await answer(top, ContractPaths.processDailySalary, offered.json().value.id);
    expect(accepted.json().value.status).toBe('ACTIVE');
  });
  afterAll(() => app.close());

  it('when an operator offers a top-level agent a contract, then it is audited; a FINANCE or SUPPORT operator may not, nor for an agent with an upline', async () => {
    const audits = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.action, 'contract.offer'))).length;
    const before = await audits();
    const body = { memberId: String(other.member.id), ...daily('0.5') };
    expect((await call('POST', ContractPaths.opsContracts, finance, body)).statusCode).toBe(403);
    expect((await call('GET', ContractPaths.opsContracts, support)).statusCode).toBe(403);
    const refused = await call('POST', ContractPaths.opsContracts, admin, {
      ...body,
      memberId: String(sub.member.id),
    });
    expect([refused.statusCode, fieldsOf(refused)]).toEqual([400, ['body.memberId']]);
    const offered = await call('POST', ContractPaths.opsContracts, admin, body);
    expect(offered.statusCode).toBe(201);
    expect(await audits()).toBe(before + 1);
    const listed = await call(
      'GET',
      `${ContractPaths.opsContracts}?memberId=${other.member.id}&status=AWAITING`,
      finance,
    );
    expect(listed.json().value.items.map((item: { id: string }) => item.id)).toEqual([
      offered.json().value.id,
    ]);
  });

  it('when an operator defines a tier template, then agents see it; a ladder that does not climb names its tier', async () => {
    const ladder = [
      { minValidBetMinor: '1000000', minActiveMembers: 5, ratePercent: '0.5' },
      { minValidBetMinor: '5000000', minActiveMembers: 10, ratePercent: '0.8' },
    ];
    const bad = await call('POST', ContractPaths.opsTemplates, admin, {
      type: 'DAILY_SALARY',
      name: 'Falls',
      tiers: [ladder[1], ladder[0]],
    });
    expect([bad.statusCode, fieldsOf(bad)]).toEqual([400, ['body.tiers.1.minValidBetMinor']]);
    expect(
      (
        await call('POST', ContractPaths.opsTemplates, finance, {
          type: 'DAILY_SALARY',
          name: 'x',
          tiers: ladder,
        })
      ).statusCode,
    ).toBe(403);
    const made = await call('POST', ContractPaths.opsTemplates, admin, {
      type: 'DAILY_SALARY',
      name: 'Standard',
      tiers: ladder,
    });
    expect(made.statusCode).toBe(201);
    const seen = await call('GET', `${ContractPaths.agentTemplates}?type=DAILY_SALARY`, top.headers);
    expect(seen.json().value.map((template: { name: string }) => template.name)).toContain('Standard');
    const archived = await call('DELETE', withId(ContractPaths.opsTemplate, made.json().value.id), admin);
    expect(archived.statusCode).toBe(200);
    expect(
      (await call('DELETE', withId(ContractPaths.opsTemplate, made.json().value.id), admin)).statusCode,
    ).toBe(404);
  });

  it('when an agent offers its direct downline agent, then the downline sees the popup offer and accepts through processDailySalary; a replay answers the same', async () => {
    const offered = await call('POST', ContractPaths.agentContracts, top.headers, {
      memberId: String(sub.member.id),
      ...daily('0.6'),
    });
    expect(offered.statusCode).toBe(201);
    const id = offered.json().value.id;
    const popup = await call('GET', ContractPaths.consolidated, sub.headers);
    expect(popup.json().value.offers.map((offer: { id: string }) => offer.id)).toEqual([id]);
    expect(popup.json().value.enabledTypes).toEqual([
      'DIVIDEND',
      'DAILY_SALARY',
      'HOUR_SALARY',
      'REALTIME_SALARY',
    ]);

    expect((await answer(sub, ContractPaths.processDividend, id)).statusCode).toBe(404);
    const accepted = await answer(sub, ContractPaths.processDailySalary, id);
    expect(accepted.json().value.status).toBe('ACTIVE');
    const before = await stored();
    const replay = await answer(sub, ContractPaths.processDailySalary, id);
    expect(replay.json()).toEqual(accepted.json());
    expect(await stored()).toEqual(before);

    const listed = await call(
      'GET',
      `${ContractPaths.agentContracts}?status=ACTIVE&type=DAILY_SALARY`,
      top.headers,
    );
    expect(listed.json().value.items).toEqual([
      expect.objectContaining({ id, memberUsername: sub.member.username }),
    ]);
    const detail = await call('GET', withId(ContractPaths.agentContract, id), sub.headers);
    expect(detail.json().value.events.map((event: { action: string }) => event.action)).toEqual([
      'OFFERED',
      'ACCEPTED',
    ]);
    expect((await call('GET', withId(ContractPaths.agentContract, id), other.headers)).statusCode).toBe(404);
    expect((await call('POST', withId(ContractPaths.agentTermination, id), other.headers)).statusCode).toBe(
      404,
    );
  });

  it('when an offer breaks a rule, then the answer names the field and nothing is stored', async () => {
    const before = await stored();
    const offer = async (body: unknown, headers = top.headers) => {
      const response = await call('POST', ContractPaths.agentContracts, headers, body);
      return [response.statusCode, fieldsOf(response)];
    };
    const to = (memberId: unknown, terms: object = daily('0.5')) => ({ memberId, ...terms });
    expect(await offer(to(String(sub.member.id), daily('1.5')))).toEqual([400, ['body.tiers.0.ratePercent']]);
    expect(await offer(to(String(deep.member.id)))).toEqual([400, ['body.memberId']]);
    expect(await offer(to(String(player.member.id)))).toEqual([400, ['body.memberId']]);
    expect(await offer(to(String(other.member.id)))).toEqual([404, ['body.memberId']]);
    expect(await offer(to('9223372036854775808'))).toEqual([400, ['body.memberId']]);
    expect(await offer(to(Number(sub.member.id)))).toEqual([400, ['body.memberId']]);
    for (const rate of ['-1', '100.5', '1e2', '0.00001', 5, '1\u0000', '\ud800', '9'.repeat(5_000)])
      expect(await offer(to(String(sub.member.id), daily(rate)))).toEqual([
        400,
        ['body.tiers.0.ratePercent'],
      ]);
    expect(await offer(to(String(sub.member.id), { ...daily('0.1'), type: 'BONUS' }))).toEqual([
      400,
      ['body.type'],
    ]);
    expect(await offer(to(String(sub.member.id), { ...daily('0.1'), tiers: [] }))).toEqual([
      400,
      ['body.tiers'],
    ]);
    expect(
      await offer(
        to(String(sub.member.id), { ...daily('0.1'), tiers: [{ ratePercent: '0.1', minNetLossMinor: '1' }] }),
      ),
    ).toEqual([400, ['body.tiers.0.minNetLossMinor']]);
    expect(await offer(to(String(sub.member.id)), player.headers)).toEqual([403, []]);
    // A body past the size limit is refused before it is read.
    expect((await offer(to(String(sub.member.id), daily('9'.repeat(2_000_000)))))[0]).toBe(413);
    expect(await stored()).toEqual(before);

    const first = await call(
      'POST',
      ContractPaths.agentContracts,
      top.headers,
      to(String(sub.member.id), daily('0.4')),
    );
    expect(first.statusCode).toBe(201);
    expect(await offer(to(String(sub.member.id), daily('0.3')))).toEqual([409, ['body.type']]);
  });

  it('when an answer is malformed, then the field is named and nothing changes', async () => {
    const before = await stored();
    const path = ContractPaths.processDailySalary;
    for (const contractId of ['9223372036854775808', '1e3', '1\u0000', '\ud800', 7, 'x'.repeat(5_000)])
      expect(fieldsOf(await answer(sub, path, contractId))).toEqual(['body.contractId']);
    expect(fieldsOf(await answer(sub, path, '1', 'DELETE'))).toEqual(['body.action']);
    expect((await answer(sub, path, '9223372036854775807')).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('when a trial member or a visitor asks for the consolidated contracts, then it is refused', async () => {
    expect((await call('GET', ContractPaths.consolidated, trial.headers)).statusCode).toBe(403);
    expect((await call('GET', ContractPaths.consolidated, {})).statusCode).toBe(401);
    expect((await call('GET', ContractPaths.consolidated, player.headers)).json().value).toMatchObject({
      offers: [],
      contracts: [],
    });
  });
  it('when an operator moves an agent under another upline, then its contract from the old upline ends at its next period and what it gave below ends with it', async () => {
    const mover = await loggedInMember(db(), { type: 2, uplineId: top.member.id });
    const below = await loggedInMember(db(), { type: 2, uplineId: mover.member.id });
    const newTop = await loggedInMember(db(), { type: 1 });
    const held = await call('POST', ContractPaths.agentContracts, top.headers, {
      memberId: String(mover.member.id),
      ...daily('0.5'),
    });
    await answer(mover, ContractPaths.processDailySalary, held.json().value.id);
    const given = await call('POST', ContractPaths.agentContracts, mover.headers, {
      memberId: String(below.member.id),
      ...daily('0.2'),
    });
    await answer(below, ContractPaths.processDailySalary, given.json().value.id);

    const moved = await call(
      'POST',
      AgentOpsPaths.moveMember.replace(':id', String(mover.member.id)),
      admin,
      {
        uplineUsername: newTop.member.username,
        reason: 'contract test move',
      },
    );
    expect(moved.statusCode).toBe(200);
    const detail = async (session: Session, id: string) =>
      (await call('GET', withId(ContractPaths.agentContract, id), session.headers)).json().value;
    const heldNow = await detail(mover, held.json().value.id);
    expect(heldNow).toMatchObject({ endReason: 'INVALIDATED' });
    expect(heldNow.endsAt).not.toBeNull();
    expect(heldNow.events.at(-1)).toMatchObject({
      action: 'INVALIDATED',
      actor: expect.stringMatching(/^operator:|^ops-token$/),
    });
    expect(await detail(below, given.json().value.id)).toMatchObject({
      endReason: 'INVALIDATED',
      endsAt: heldNow.endsAt,
    });
  });
});
