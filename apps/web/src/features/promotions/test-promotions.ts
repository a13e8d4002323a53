import type { MemberPromotion } from '@fortuna/contracts/promotion-claims';
import type { RunningPromotion } from '@fortuna/contracts/promotions';

/** Test data: the seeded first-deposit promotion's terms, and promotions built from them. */
export const DEPOSIT_TERMS = {
  reward: { kind: 'PERCENT' as const, percentBp: 10_000, capMinor: '100000' },
  wagering: {
    multiplier: 5,
    includesDeposit: true,
    weightsPercent: { RNG: 100, PVP: 20 },
    maxStakeMinor: '5000',
  },
  withdrawalRule: 'FORFEIT' as const,
};

export function runningPromotion(overrides: Partial<RunningPromotion> = {}): RunningPromotion {
  return {
    id: '1',
    code: 'FIRST_DEPOSIT_DOUBLED',
    type: 'DEPOSIT',
    title: 'First deposit doubled',
    bodyHtml: '<p>Your <strong>first deposit is doubled</strong>.</p>',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: null,
    automatic: true,
    trigger: 'FIRST_DEPOSIT',
    thresholdMinor: null,
    depositOrdinal: null,
    lossWindow: null,
    terms: DEPOSIT_TERMS,
    perMemberLimit: 1,
    ...overrides,
  };
}

export function memberPromotion(overrides: Partial<MemberPromotion> = {}): MemberPromotion {
  return {
    id: '2',
    type: 'NEW_PLAYER',
    trigger: 'SIGN_UP',
    title: 'Welcome bonus',
    bodyHtml: '<p>100 to start.</p>',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2026-12-31T00:00:00.000Z',
    status: 'CLAIM',
    progressMinor: null,
    thresholdMinor: null,
    depositOrdinal: null,
    lossWindow: null,
    rejectionNote: null,
    terms: {
      ...DEPOSIT_TERMS,
      reward: { kind: 'FIXED', amountMinor: '10000' },
      wagering: { ...DEPOSIT_TERMS.wagering, includesDeposit: false },
    },
    perMemberLimit: 1,
    ...overrides,
  };
}
