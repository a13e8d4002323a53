import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { rebatesPaidTo, recordPlay, SITE_OFFSET, setRates, testRebates } from './rebates.test-helpers.ts';

const RATES: Record<string, bigint> = { RNG: 137n, LIVE: 45n, FISH: 999n };
const CATEGORIES = Object.keys(RATES);
const HOUR_MS = 3_600_000;

/** What happens next, as the clock moves on by `hours` (0–9) first. */
const step = fc.record({
  hours: fc.integer({ min: 0, max: 9 }),
  action: fc.oneof(
    fc.record({
      kind: fc.constant('play' as const),
      member: fc.integer({ min: 0, max: 1 }),
      category: fc.constantFrom(...CATEGORIES),
      validMinor: fc.bigInt({ min: 1n, max: 5_000_000n }),
    }),
    fc.record({ kind: fc.constant('claim' as const), member: fc.integer({ min: 0, max: 1 }) }),
    fc.record({ kind: fc.constant('job' as const) }),
  ),
});

describeEachDatabase('rebates against a model', (database) => {
  const db = () => database().db;
  let run = 0;

  it('when members play, claim at random moments and the daily job runs in between, then each member is paid exactly the sum of floor(valid × rate) per day and category', async () => {
    await setRates(
      db(),
      Object.fromEntries(Object.entries(RATES).map(([category, bp]) => [category, Number(bp)])),
    );
    const { rebates, runJob } = testRebates(db());
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        // Each run plays on days of its own, 20 days after the last run's: the job settles days for
        // the whole database.
        const start = Date.parse(`2027-01-01T00:00:00${SITE_OFFSET}`) + run * 20 * 24 * HOUR_MS;
        let now = start;
        run += 1;
        const members = [(await createMember(db())).id, (await createMember(db())).id];
        // valid bets per member, site day and category: the model.
        const valid = new Map<string, bigint>();
        for (const { hours, action } of steps) {
          now += hours * HOUR_MS;
          const at = new Date(now);
          if (action.kind === 'play') {
            const memberId = members[action.member] as bigint;
            await recordPlay(db(), {
              memberId,
              at,
              category: action.category,
              validMinor: action.validMinor,
            });
            const day = Math.floor((now + 8 * HOUR_MS) / (24 * HOUR_MS));
            const key = `${action.member}|${day}|${action.category}`;
            valid.set(key, (valid.get(key) ?? 0n) + action.validMinor);
          } else if (action.kind === 'claim') {
            await rebates.claim(members[action.member] as bigint, at).catch((error: { code?: string }) => {
              if (error.code !== 'NOTHING_TO_CLAIM') throw error;
            });
          } else {
            await runJob(at);
          }
        }
        // Every day played closes and is settled (a run looks back a week: one run a day).
        for (let at = start + 24 * HOUR_MS; at <= now + 2 * 24 * HOUR_MS; at += 24 * HOUR_MS) {
          await runJob(new Date(at));
        }
        for (const [index, memberId] of members.entries()) {
          let owed = 0n;
          for (const [key, minor] of valid) {
            const [member, , category] = key.split('|');
            if (Number(member) === index) owed += (minor * (RATES[category as string] as bigint)) / 10_000n;
          }
          expect(await rebatesPaidTo(db(), memberId)).toBe(owed);
        }
      }),
      { numRuns: 12 },
    );
    expect((await reconcile(db())).problems).toEqual([]);
  }, 240_000);
});
