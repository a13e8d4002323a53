import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { type CreatePromotion, PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { promotionInput } from './promotion-setup.test-helpers.ts';
import { TEST_TERMS } from './promotions.test-helpers.ts';

const AGENT_TYPE = 1;
/** A claimed sign-up bonus of 100.00 for the audience given. */
const signUpBonusFor = (audience: Partial<CreatePromotion>) =>
  promotionInput({
    type: 'NEW_PLAYER',
    trigger: 'SIGN_UP',
    automatic: false,
    terms: { ...TEST_TERMS, reward: { kind: 'FIXED', amountMinor: '10000' } },
    ...audience,
  });

describeEachDatabase('promotions for levels, agents’ lines and lists of members', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp(database());
    admin = (await readyOperator(app, 'ADMIN')).headers;
  });
  afterAll(async () => {
    await app.close();
  });
  const create = (input: unknown) =>
    app.inject({ method: 'POST', url: PromotionSetupPaths.create, headers: admin, payload: input as object });
  const created = async (input: unknown) => {
    const answer = await create(input);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().value as { id: string; audienceAgentIds: string[]; audienceLevels: string[] };
  };
  const claim = (id: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: PromotionClaimPaths.claim.replace(':id', id), headers });
  const grantedTo = async (id: string) => {
    const result = (await db().execute(
      sql`select member_id::text as member from bonus_grants where promotion_id = ${BigInt(id)} order by member_id`,
    )) as unknown as { rows: { member: string }[] };
    return result.rows.map((row) => row.member);
  };

  it('when a promotion is for an agent’s line, then members at any level below the agent claim it, and the agent, another line and a member of no line are refused 403 with nothing granted', async () => {
    const agent = await createMember(db(), { type: AGENT_TYPE });
    const subAgent = await createMember(db(), { type: AGENT_TYPE, uplineId: agent.id });
    const direct = await loggedInMember(db(), { uplineId: agent.id });
    const deep = await loggedInMember(db(), { uplineId: subAgent.id });
    const otherAgent = await createMember(db(), { type: AGENT_TYPE });
    const otherLine = await loggedInMember(db(), { uplineId: otherAgent.id });
    const noLine = await loggedInMember(db());
    const promotion = await created(
      signUpBonusFor({ audience: 'AGENT_LINES', audienceAgentIds: [String(agent.id)] }),
    );
    expect(promotion.audienceAgentIds).toEqual([String(agent.id)]);

    for (const member of [direct, deep])
      expect((await claim(promotion.id, member.headers)).statusCode).toBe(200);
    for (const outsider of [otherLine, noLine]) {
      const refused = await claim(promotion.id, outsider.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().value.reason).toBe('NOT_OFFERED');
    }
    expect(await grantedTo(promotion.id)).toEqual([String(direct.member.id), String(deep.member.id)].sort());
  });

  it('when a promotion is for a list of members or for levels, then the listed or levelled members claim it and the others are refused 403', async () => {
    const listed = await loggedInMember(db());
    const unlisted = await loggedInMember(db());
    const list = await created(
      signUpBonusFor({ audience: 'MEMBERS', audienceMemberIds: [String(listed.member.id)] }),
    );
    expect((await claim(list.id, listed.headers)).statusCode).toBe(200);
    const refused = await claim(list.id, unlisted.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().value.reason).toBe('NOT_OFFERED');
    expect(await grantedTo(list.id)).toEqual([String(listed.member.id)]);

    // Every member is on the DEFAULT level until VIP levels exist (ADR 073).
    const levels = await created(signUpBonusFor({ audience: 'VIP_LEVELS', audienceLevels: ['DEFAULT'] }));
    expect(levels.audienceLevels).toEqual(['DEFAULT']);
    expect((await claim(levels.id, unlisted.headers)).statusCode).toBe(200);
  });

  it('when an audience names no agent, a player, an unknown id, a level that does not exist, or fields of another audience, then 400 names the field and nothing is written', async () => {
    const player = await createMember(db());
    const agent = await createMember(db(), { type: AGENT_TYPE });
    const before = (await db().execute(sql`select count(*)::int as n from promotions`)) as unknown as {
      rows: { n: number }[];
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ audience: 'AGENT_LINES' }, 'audienceAgentIds'],
      [{ audience: 'AGENT_LINES', audienceAgentIds: [] }, 'audienceAgentIds'],
      [{ audience: 'AGENT_LINES', audienceAgentIds: [String(player.id)] }, 'audienceAgentIds.0'],
      [
        { audience: 'AGENT_LINES', audienceAgentIds: [String(agent.id), '999999999999'] },
        'audienceAgentIds.1',
      ],
      [{ audience: 'AGENT_LINES', audienceAgentIds: [PAST_BIGINT] }, 'audienceAgentIds'],
      [{ audience: 'AGENT_LINES', audienceAgentIds: ['1\u00002'] }, 'audienceAgentIds'],
      [
        { audience: 'AGENT_LINES', audienceAgentIds: Array.from({ length: 51 }, () => String(agent.id)) },
        'audienceAgentIds',
      ],
      [{ audience: 'AGENT_LINES', audienceAgentIds: String(agent.id) }, 'audienceAgentIds'],
      [{ audience: 'ALL', audienceAgentIds: [String(agent.id)] }, 'audienceAgentIds'],
      [{ audience: 'VIP_LEVELS' }, 'audienceLevels'],
      [{ audience: 'VIP_LEVELS', audienceLevels: ['GOLD'] }, 'audienceLevels'],
      [{ audience: 'VIP_LEVELS', audienceLevels: [7] }, 'audienceLevels'],
      [{ audience: 'VIP_LEVELS', audienceLevels: ['DEFAULT', 'DEFAULT'] }, 'audienceLevels'],
      [
        { audience: 'MEMBERS', audienceMemberIds: [String(player.id)], audienceLevels: ['DEFAULT'] },
        'audienceLevels',
      ],
      [{ audience: 'VIPS' }, 'audience'],
    ];
    for (const [override, field] of cases) {
      const answer = await create(signUpBonusFor(override as Partial<CreatePromotion>));
      expect(answer.statusCode, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(answer.body, JSON.stringify(override).slice(0, 80)).toContain(field);
    }
    const after = (await db().execute(sql`select count(*)::int as n from promotions`)) as unknown as {
      rows: { n: number }[];
    };
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
