import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AppError } from '../../platform/errors.ts';
import { describeOnPostgres } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { agentContractEvents, agentContracts } from './contracts.schema.ts';
import { createContractsService } from './contracts.service.ts';

const daily = (ratePercent: string) => ({
  type: 'DAILY_SALARY' as const,
  period: 'D' as const,
  tiers: [{ ratePercent }],
});

describeOnPostgres('agent contracts under concurrency', (database) => {
  const db = () => database().db;
  const service = () =>
    createContractsService({ db: db(), site: () => ({ gmtOffset: '+08:00' }), isFlagOn: () => true });

  it('when two offers of one type to one member race, then exactly one waits and the other is refused as an overlap', async () => {
    const top = (await createMember(db(), { type: AGENT_MEMBER_TYPES[0] })).id;
    const results = await Promise.allSettled(
      ['0.5', '0.6', '0.7', '0.8'].map((rate) =>
        service().offerAsPlatform('operator:1', { memberId: top, ...daily(rate) }, async () => {}),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect((result.reason as AppError).code).toBe('CONFLICT');
    const waiting = await db()
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.memberId, top), eq(agentContracts.status, 'AWAITING')));
    expect(waiting).toHaveLength(1);
  });

  it('when the same acceptance is sent many times at once, then it is accepted once, with one trail entry', async () => {
    const top = (await createMember(db(), { type: AGENT_MEMBER_TYPES[0] })).id;
    const offer = await service().offerAsPlatform(
      'operator:1',
      { memberId: top, ...daily('1') },
      async () => {},
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        service().answer(top, { contractId: BigInt(offer.id), type: 'DAILY_SALARY', action: 'ACCEPT' }),
      ),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const accepted = await db()
      .select()
      .from(agentContractEvents)
      .where(
        and(eq(agentContractEvents.contractId, BigInt(offer.id)), eq(agentContractEvents.action, 'ACCEPTED')),
      );
    expect(accepted).toHaveLength(1);
  });
});
