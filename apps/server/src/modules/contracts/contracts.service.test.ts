import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { members } from '../identity/identity.schema.ts';
import { agentContractEvents, agentContracts } from './contracts.schema.ts';
import { createContractsService } from './contracts.service.ts';

const AGENT = AGENT_MEMBER_TYPES[0];
const DAY_MS = 86_400_000;
const OPERATOR = 'operator:1';

/** The error a call fails with (AppError), or a failure of the test. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; field: string | undefined }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.issues[0]?.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describeEachDatabase('agent contracts: offers, answers and the ratio rule', (database) => {
  const db = () => database().db;
  // Thursday 26 November 2026, 12:00 at the site's +08:00.
  let clock = new Date('2026-11-26T04:00:00Z');
  let disabled = new Set<string>();
  const service = () =>
    createContractsService({
      db: db(),
      site: () => ({ gmtOffset: '+08:00' }),
      isFlagOn: (flag) => !disabled.has(flag),
      now: () => clock,
    });
  const countOf = async (table: typeof agentContracts | typeof agentContractEvents) =>
    Number((await db().select({ n: sql<string>`count(*)` }).from(table))[0]?.n);
  const daily = (ratePercent: string) => ({
    type: 'DAILY_SALARY' as const,
    period: 'D' as const,
    tiers: [{ ratePercent }],
  });
  const accept = (memberId: bigint, contractId: string) =>
    service().answer(memberId, { contractId: BigInt(contractId), type: 'DAILY_SALARY', action: 'ACCEPT' });
  /** A platform contract held by a new top-level agent, accepted: returns the agent. */
  async function topAgentHolding(ratePercent: string): Promise<bigint> {
    const top = (await createMember(db(), { type: AGENT })).id;
    const offered = await service().offerAsPlatform(
      OPERATOR,
      { memberId: top, ...daily(ratePercent) },
      async () => {},
    );
    await accept(top, offered.id);
    return top;
  }

  beforeEach(() => {
    clock = new Date('2026-11-26T04:00:00Z');
  });

  it('when the platform offers a top-level agent its first contract and it accepts, then it counts from the start of the site day it was accepted in, and a replayed accept changes nothing', async () => {
    const top = (await createMember(db(), { type: AGENT })).id;
    const offered = await service().offerAsPlatform(
      OPERATOR,
      { memberId: top, ...daily('1') },
      async () => {},
    );
    expect(offered).toMatchObject({ status: 'AWAITING', payer: 'PLATFORM', uplineId: null, startsAt: null });
    expect((await service().ofMember(top)).offers.map((offer) => offer.id)).toEqual([offered.id]);

    const accepted = await accept(top, offered.id);
    expect(accepted).toMatchObject({ status: 'ACTIVE', startsAt: '2026-11-25T16:00:00.000Z', endsAt: null });
    const events = await countOf(agentContractEvents);
    expect(await accept(top, offered.id)).toEqual(accepted);
    expect(await countOf(agentContractEvents)).toBe(events);
    const mine = await service().ofMember(top);
    expect(mine.offers).toEqual([]);
    expect(mine.contracts.map((contract) => contract.id)).toEqual([offered.id]);
  });

  it('when an agent offers a rate above its own, or to a member not its direct downline agent, then the field is named and nothing is stored', async () => {
    const top = await topAgentHolding('1');
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const deep = (await createMember(db(), { type: AGENT, uplineId: sub })).id;
    const player = (await createMember(db(), { uplineId: top })).id;
    const stranger = (await createMember(db(), { type: AGENT })).id;
    const before = await countOf(agentContracts);

    expect(await refusal(service().offer(top, { memberId: sub, ...daily('1.0001') }))).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'body.tiers.0.ratePercent',
    });
    expect(await refusal(service().offer(top, { memberId: deep, ...daily('0.5') }))).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'body.memberId',
    });
    expect(await refusal(service().offer(top, { memberId: stranger, ...daily('0.5') }))).toEqual({
      code: 'NOT_FOUND',
      field: 'body.memberId',
    });
    expect(await refusal(service().offer(top, { memberId: player, ...daily('0.5') }))).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'body.memberId',
    });
    expect(
      await refusal(
        service().offer(top, {
          memberId: sub,
          type: 'DAILY_SALARY',
          period: 'W',
          tiers: [{ ratePercent: '1' }],
        }),
      ),
    ).toEqual({ code: 'VALIDATION_FAILED', field: 'body.period' });
    // The downline holds nothing to share with its own downline.
    expect(await refusal(service().offer(sub, { memberId: deep, ...daily('0.1') }))).toEqual({
      code: 'CONFLICT',
      field: 'body.type',
    });
    expect(await countOf(agentContracts)).toBe(before);
  });

  it('when a second offer of a type waits beside the first, then it is refused as an overlap; once rejected, a new one may be made', async () => {
    const top = await topAgentHolding('1');
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const first = await service().offer(top, { memberId: sub, ...daily('0.8') });
    expect(await refusal(service().offer(top, { memberId: sub, ...daily('0.7') }))).toEqual({
      code: 'CONFLICT',
      field: 'body.type',
    });
    const rejected = await service().answer(sub, {
      contractId: BigInt(first.id),
      type: 'DAILY_SALARY',
      action: 'REJECT',
    });
    expect(rejected.status).toBe('REJECTED');
    expect(
      await service().answer(sub, { contractId: BigInt(first.id), type: 'DAILY_SALARY', action: 'REJECT' }),
    ).toEqual(rejected);
    expect(await refusal(accept(sub, first.id))).toMatchObject({
      code: 'CONFLICT',
      field: 'body.contractId',
    });
    expect((await service().offer(top, { memberId: sub, ...daily('0.7') })).status).toBe('AWAITING');
  });

  it("when a member answers a contract that is not its own, or through another type's call, then it is not found", async () => {
    const top = await topAgentHolding('1');
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const offer = await service().offer(top, { memberId: sub, ...daily('0.5') });
    expect(await refusal(accept(top, offer.id))).toEqual({ code: 'NOT_FOUND', field: 'body.contractId' });
    expect(
      await refusal(
        service().answer(sub, { contractId: BigInt(offer.id), type: 'DIVIDEND', action: 'ACCEPT' }),
      ),
    ).toEqual({ code: 'NOT_FOUND', field: 'body.contractId' });
  });

  it('when a same-type offer is accepted over a running contract, then the old one counts until the next period and the new one from it', async () => {
    const top = await topAgentHolding('1');
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const first = await service().offer(top, { memberId: sub, ...daily('0.8') });
    await accept(sub, first.id);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    const second = await service().offer(top, { memberId: sub, ...daily('0.9') });
    const accepted = await accept(sub, second.id);
    expect(accepted.startsAt).toBe('2026-11-28T16:00:00.000Z');
    const held = (await service().ofMember(sub)).contracts;
    expect(held.map((contract) => [contract.id, contract.endsAt, contract.endReason])).toEqual([
      [first.id, '2026-11-28T16:00:00.000Z', 'REPLACED'],
      [second.id, null, null],
    ]);
    clock = new Date(clock.getTime() + DAY_MS);
    expect((await service().ofMember(sub)).contracts.map((contract) => contract.id)).toEqual([second.id]);
  });

  it('when a downline accepts a lower rate than it gave its own downline, then that contract ends automatically at the same period start (spec 4.10), and so does the one below it', async () => {
    const top = await topAgentHolding('2');
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const subSub = (await createMember(db(), { type: AGENT, uplineId: sub })).id;
    const leaf = (await createMember(db(), { type: AGENT, uplineId: subSub })).id;
    await accept(sub, (await service().offer(top, { memberId: sub, ...daily('1.5') })).id);
    const given = await service().offer(sub, { memberId: subSub, ...daily('1.2') });
    await accept(subSub, given.id);
    const below = await service().offer(subSub, { memberId: leaf, ...daily('0.3') });
    await accept(leaf, below.id);
    const fits = await service().offer(sub, { memberId: subSub, ...daily('0.4') });

    const lower = await service().offer(top, { memberId: sub, ...daily('1') });
    const accepted = await accept(sub, lower.id);

    const ofSubSub = await service().ofMember(subSub);
    expect(ofSubSub.contracts.find((contract) => contract.id === given.id)).toMatchObject({
      endsAt: accepted.startsAt,
      endReason: 'INVALIDATED',
    });
    // The offer of 0.4 % still fits under 1 %: it waits on.
    expect(ofSubSub.offers.map((offer) => offer.id)).toEqual([fits.id]);
    expect((await service().ofMember(leaf)).contracts[0]).toMatchObject({
      endsAt: accepted.startsAt,
      endReason: 'INVALIDATED',
    });
    const trail = await db()
      .select({ action: agentContractEvents.action, actor: agentContractEvents.actor })
      .from(agentContractEvents)
      .where(eq(agentContractEvents.contractId, BigInt(given.id)));
    expect(trail).toEqual([
      { action: 'OFFERED', actor: `member:${sub}` },
      { action: 'ACCEPTED', actor: `member:${subSub}` },
      { action: 'INVALIDATED', actor: 'system' },
    ]);
  });

  it('when a downline accepts its first contract while its upline is paid only from a later period, then it counts from that period too', async () => {
    const top = await topAgentHolding('1');
    const tomorrow = new Date('2026-11-26T16:00:00Z');
    await db().update(agentContracts).set({ startsAt: tomorrow }).where(eq(agentContracts.memberId, top));
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const accepted = await accept(sub, (await service().offer(top, { memberId: sub, ...daily('0.5') })).id);
    expect(accepted.startsAt).toBe(tomorrow.toISOString());
  });

  it('when a member finishes a running contract, then it ends at the next period start and a replay changes nothing', async () => {
    const top = await topAgentHolding('1');
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const contract = await service().offer(top, { memberId: sub, ...daily('0.5') });
    await accept(sub, contract.id);
    const finish = () =>
      service().answer(sub, { contractId: BigInt(contract.id), type: 'DAILY_SALARY', action: 'FINISH' });
    const finished = await finish();
    // A first contract counts for the day it was accepted in: it runs to that day's end.
    expect(finished).toMatchObject({
      status: 'ACTIVE',
      startsAt: '2026-11-25T16:00:00.000Z',
      endReason: 'FINISHED',
      endsAt: '2026-11-26T16:00:00.000Z',
    });
    const events = await countOf(agentContractEvents);
    expect(await finish()).toEqual(finished);
    expect(await countOf(agentContractEvents)).toBe(events);
  });

  it('when the upline asks to end a contract, then the member sees the request and, accepting, ends it at the next period', async () => {
    const top = await topAgentHolding('1');
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const contract = await service().offer(top, { memberId: sub, ...daily('0.5') });
    await accept(sub, contract.id);
    clock = new Date(clock.getTime() + DAY_MS);
    const asked = await service().requestTermination(
      { uplineId: top, actor: `member:${top}` },
      BigInt(contract.id),
    );
    expect(asked.terminationRequested).toBe(true);
    expect(
      await service().requestTermination({ uplineId: top, actor: `member:${top}` }, BigInt(contract.id)),
    ).toEqual(asked);
    expect(
      await refusal(
        service().requestTermination({ uplineId: sub, actor: `member:${sub}` }, BigInt(contract.id)),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      field: 'params.id',
    });
    expect((await service().ofMember(sub)).offers.map((offer) => offer.id)).toEqual([contract.id]);
    const ended = await accept(sub, contract.id);
    expect(ended).toMatchObject({ endReason: 'TERMINATED', terminationRequested: false, status: 'ACTIVE' });
    expect(new Date(ended.endsAt as string).getTime()).toBeGreaterThan(clock.getTime());
  });

  it('when the offering agent is no longer the upline at acceptance, then the offer is void and the answer says so', async () => {
    const top = await topAgentHolding('1');
    const otherTop = (await createMember(db(), { type: AGENT })).id;
    const sub = (await createMember(db(), { type: AGENT, uplineId: top })).id;
    const offer = await service().offer(top, { memberId: sub, ...daily('0.5') });
    await db().update(members).set({ uplineId: otherTop }).where(eq(members.id, sub));
    expect(await refusal(accept(sub, offer.id))).toEqual({ code: 'CONFLICT', field: 'body.contractId' });
    const [row] = await db()
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, BigInt(offer.id)));
    expect(row?.status).toBe('INVALID');
  });

  it('when a type is not enabled for the brand, or the agent policy is off, then offers and answers of it are refused', async () => {
    const top = (await createMember(db(), { type: AGENT })).id;
    disabled = new Set(['CTDAILYSALARY3']);
    expect(service().enabledTypes()).toEqual(['DIVIDEND', 'HOUR_SALARY', 'REALTIME_SALARY']);
    expect(
      await refusal(service().offerAsPlatform(OPERATOR, { memberId: top, ...daily('1') }, async () => {})),
    ).toMatchObject({ code: 'FEATURE_DISABLED' });
    const records = {
      type: 'DAILY_SALARY',
      from: '2026-10-05',
      to: '2026-10-05',
      page: 1,
      pageSize: 20,
    } as const;
    expect(await refusal(service().records(top, records))).toMatchObject({ code: 'FEATURE_DISABLED' });
    disabled = new Set(['AGENTPOLICY3']);
    expect(service().enabledTypes()).toEqual([]);
    disabled = new Set();
  });
});
