import type { ContractPeriod } from '@fortuna/contracts/agent-contracts';
import {
  CONTRACT_PERIOD_KINDS,
  type PeriodKind,
  periodOfKind,
} from '../../platform/jobs/calendar-periods.ts';

const KIND_OF: Record<ContractPeriod, PeriodKind> = {
  ...CONTRACT_PERIOD_KINDS,
  HOUR: 'HOUR',
  '5MIN': 'FIVE_MINUTES',
};

/** The kind of calendar period (ADR 038) a contract of this period code runs over. */
export const periodKindOf = (period: ContractPeriod): PeriodKind => KIND_OF[period];

/**
 * The start of the period after the one holding `now`, on the site's clock: when a replacing
 * contract begins to count and when a finished or replaced one stops (ADR 037), so a period is
 * always settled under one contract.
 */
export function nextPeriodStart(period: ContractPeriod, now: Date, gmtOffset: string): Date {
  return periodOfKind(now, KIND_OF[period], gmtOffset).end;
}

/** The start of the period holding `now`, on the site's clock: where a first contract begins (ADR 037). */
export function currentPeriodStart(period: ContractPeriod, now: Date, gmtOffset: string): Date {
  return periodOfKind(now, KIND_OF[period], gmtOffset).start;
}
