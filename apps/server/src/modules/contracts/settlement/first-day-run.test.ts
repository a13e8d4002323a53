import { ContractRecordQuerySchema } from '@fortuna/contracts/contract-records';
import { AGENT_MEMBER_TYPES } from '@fortuna/contracts/member-types';
import { expect, it } from 'vitest';
import { periodOfKind } from '../../../platform/jobs/calendar-periods.ts';
import { jobContextAt } from '../../../platform/jobs/jobs.test-helpers.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { createMember } from '../../../test/identity-fixtures.ts';
import { testLedger } from '../../ledger/ledger.test-helpers.ts';
import { createContractsService } from '../contracts.service.ts';
import { salaryJob } from './salary-jobs.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
const OFFSET = '+08:00';

/** yyyy-mm-dd of the site's day at `instant`, as the records page's "To" starts. */
const siteDay = (instant: Date) =>
  new Date(instant.getTime() + 8 * 60 * MINUTE_MS).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase('the browser test’s settlement, at every time of the site day', (database) => {
  it('when a first daily salary is accepted at any time of the site day, then an operator’s run at +3 days 2 hours settles the day it was accepted in, and the records page’s window (the last 7 days, To moved a week ahead) lists it', async () => {
    const db = database().db;
    let clock = new Date();
    const service = createContractsService({
      db,
      site: () => ({ gmtOffset: OFFSET }),
      isFlagOn: () => true,
      now: () => clock,
    });
    const job = salaryJob({ db, ledger: testLedger(db), type: 'DAILY_SALARY', gmtOffset: () => OFFSET });
    // Each case on a site day of its own, four days apart: a run settles up to two days ahead, so
    // a case never finds its day already settled by the one before (a period is settled once).
    const firstDay = periodOfKind(new Date('2026-03-01T04:00:00Z'), 'DAY', OFFSET).start.getTime();
    // Around the site's midnight, UTC's (08:00 here), 22:00 (from then a run at +3 days 2 hours
    // settles a third day) and through the day between.
    const minutesIntoTheDay = [0, 1, 150, 330, 479, 480, 690, 900, 1140, 1319, 1320, 1438, 1439];
    for (const [index, minutes] of minutesIntoTheDay.entries()) {
      clock = new Date(firstDay + index * 4 * DAY_MS + minutes * MINUTE_MS);
      const agent = (await createMember(db, { type: AGENT_MEMBER_TYPES[0] })).id;
      const offered = await service.offerAsPlatform(
        'operator:1',
        { memberId: agent, type: 'DAILY_SALARY', period: 'D', tiers: [{ ratePercent: '0.5' }] },
        async () => {},
      );
      await service.answer(agent, { contractId: BigInt(offered.id), type: 'DAILY_SALARY', action: 'ACCEPT' });
      // The test's steps between the accept and the run take a minute or two.
      const runAt = new Date(clock.getTime() + 2 * MINUTE_MS + 3 * DAY_MS + 2 * 60 * MINUTE_MS);
      await job.run(jobContextAt(runAt));
      const to = siteDay(new Date(clock.getTime() + 3 * MINUTE_MS));
      const listed = await service.records(
        agent,
        ContractRecordQuerySchema.parse({
          type: 'DAILY_SALARY',
          from: plusDays(to, -6),
          to: plusDays(to, 7),
        }),
      );
      const acceptedDay = periodOfKind(clock, 'DAY', OFFSET).start.toISOString();
      expect(
        listed.items.map((record) => record.periodStart),
        `accepted ${minutes} minutes into the site day`,
      ).toContain(acceptedDay);
    }
    // Thirteen accepts and runs: a minute on a loaded machine.
  }, 120_000);
});
