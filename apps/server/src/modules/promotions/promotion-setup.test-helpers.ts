import type { CreatePromotion } from '@fortuna/contracts/promotion-setup';
import { TEST_TERMS } from './promotions.test-helpers.ts';

let serial = 0;
export const HOUR_MS = 3_600_000;
export const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** A valid automatic first-deposit promotion, running from an hour ago with no end. */
export function promotionInput(overrides: Partial<CreatePromotion> = {}): CreatePromotion {
  serial += 1;
  return {
    code: `SETUP_${Date.now().toString(36).toUpperCase()}_${serial}`,
    type: 'DEPOSIT',
    texts: { EN: { title: 'Reload', bodyHtml: '<p>Deposit and get <strong>more</strong></p>' } },
    startsAt: at(-HOUR_MS),
    endsAt: null,
    audience: 'ALL',
    audienceMemberIds: [],
    trigger: 'FIRST_DEPOSIT',
    thresholdMinor: null,
    automatic: true,
    terms: TEST_TERMS,
    perMemberLimit: 1,
    budgetMinor: '100000000',
    ...overrides,
  };
}
