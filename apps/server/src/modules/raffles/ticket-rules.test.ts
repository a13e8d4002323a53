import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betStepSource, depositSource, newTicketSources, type TicketRule } from './ticket-rules.ts';

const member = 42n;
const rule: TicketRule = {
  validBetsPerTicketMinor: 10_000n,
  depositMinMinor: 50_000n,
  maxTicketsPerMember: 5,
};
const events = (validBetsMinor: bigint, orderNos: string[] = []) => ({
  deposits: orderNos.map((orderNo) => ({ orderNo })),
  validBetsMinor,
});

describe('raffle ticket rules', () => {
  it('when valid bets are one short of a step, on it, or one short of the next, then 0, 1 and 1 tickets', () => {
    expect(newTicketSources(rule, member, events(9_999n), new Set())).toEqual([]);
    expect(newTicketSources(rule, member, events(10_000n), new Set())).toEqual([betStepSource(member, 1)]);
    expect(newTicketSources(rule, member, events(19_999n), new Set())).toEqual([betStepSource(member, 1)]);
  });

  it('when sources were issued before, then only the new ones come, steps following on', () => {
    const issued = new Set([depositSource('D1'), betStepSource(member, 1)]);
    expect(newTicketSources(rule, member, events(30_000n, ['D1', 'D2']), issued)).toEqual([
      depositSource('D2'),
      betStepSource(member, 2),
      betStepSource(member, 3),
    ]);
  });

  it('when the member holds the cap, then nothing more; near it, only up to it, deposits first', () => {
    const full = new Set(['a', 'b', 'c', 'd', 'e']);
    expect(newTicketSources(rule, member, events(10n ** 12n, ['D9']), full)).toEqual([]);
    expect(
      newTicketSources(rule, member, events(10n ** 12n, ['D1', 'D2']), new Set(['a', 'b', 'c'])),
    ).toEqual([depositSource('D1'), depositSource('D2')]);
  });

  it('when the rule counts only deposits or only bets, then the other earns nothing', () => {
    const depositsOnly = { ...rule, validBetsPerTicketMinor: null };
    const betsOnly = { ...rule, depositMinMinor: null };
    expect(newTicketSources(depositsOnly, member, events(99_999n, ['D1']), new Set())).toEqual([
      depositSource('D1'),
    ]);
    expect(newTicketSources(betsOnly, member, events(10_000n, ['D1']), new Set())).toEqual([
      betStepSource(member, 1),
    ]);
  });

  it('property: however issuance interleaves with growing play, each source is issued once and the total is the cap or what was earned', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ bets: fc.bigInt({ min: 0n, max: 60_000n }), deposit: fc.boolean() }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 12 }),
        (steps, cap) => {
          const capped = { ...rule, maxTicketsPerMember: cap };
          const issued = new Set<string>();
          const orderNos: string[] = [];
          let validBets = 0n;
          for (const [index, step] of steps.entries()) {
            validBets += step.bets;
            if (step.deposit) orderNos.push(`D${index}`);
            for (const source of newTicketSources(capped, member, events(validBets, orderNos), issued)) {
              expect(issued.has(source)).toBe(false);
              issued.add(source);
            }
          }
          const earned = orderNos.length + Number(validBets / 10_000n);
          expect(issued.size).toBe(Math.min(cap, earned));
        },
      ),
      { numRuns: 300 },
    );
  });
});
