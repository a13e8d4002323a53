import type { TicketEvents } from './ticket-sources.store.ts';

export interface TicketRule {
  validBetsPerTicketMinor: bigint | null;
  depositMinMinor: bigint | null;
  maxTicketsPerMember: number;
}

/** The source of the member's n-th step of valid bets (n from 1): one ticket each. */
export const betStepSource = (memberId: bigint, step: number) => `bets:${memberId}:${step}`;
export const depositSource = (orderNo: string) => `deposit:${orderNo}`;

/**
 * The sources of the tickets a member has earned and not been issued yet (ADR 067): one per
 * qualifying deposit, one per whole step of valid bets, deposits first, so long as the member
 * holds fewer than the rule's cap. A source already issued never counts again, so running this
 * twice issues nothing the second time. Steps are issued in order, so the issued ones are 1 … k.
 */
export function newTicketSources(
  rule: TicketRule,
  memberId: bigint,
  events: TicketEvents,
  issued: ReadonlySet<string>,
): string[] {
  let room = rule.maxTicketsPerMember - issued.size;
  const sources: string[] = [];
  if (rule.depositMinMinor !== null) {
    for (const deposit of events.deposits) {
      if (room <= 0) return sources;
      const source = depositSource(deposit.orderNo);
      if (issued.has(source)) continue;
      sources.push(source);
      room -= 1;
    }
  }
  if (rule.validBetsPerTicketMinor === null || room <= 0) return sources;
  const steps = events.validBetsMinor / rule.validBetsPerTicketMinor;
  let step = [...issued].filter((source) => source.startsWith('bets:')).length + 1;
  while (room > 0 && BigInt(step) <= steps) {
    sources.push(betStepSource(memberId, step));
    step += 1;
    room -= 1;
  }
  return sources;
}
