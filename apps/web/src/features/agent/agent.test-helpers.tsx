import { AgentPaths } from '@fortuna/contracts/agent';
import { GamePaths } from '@fortuna/contracts/games';
import { WalletPaths } from '@fortuna/contracts/wallet';
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { useSession } from '../../shared/session/session-store.ts';
import { failAnswer, fakeApi, okAnswer, type ReceivedCall } from '../../test/fake-api.ts';
import { agentFixture, logInAs } from '../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../test/render-member-page.tsx';

type Answer = ReturnType<typeof okAnswer>;
type Handler = (call: ReceivedCall) => Answer;

export const betTotals = {
  rounds: 3,
  stakeMinor: '150000',
  validBetMinor: '145000',
  payoutMinor: '90000',
  profitMinor: '-60000',
};
export const zeroBets = {
  rounds: 0,
  stakeMinor: '0',
  validBetMinor: '0',
  payoutMinor: '0',
  profitMinor: '0',
};
export const period = { from: '2026-11-19T16:00:00.000Z', to: '2026-11-26T15:59:59.999Z' };

export const downline = {
  id: '31',
  username: 'player31',
  nickname: 'Lucky 31',
  type: 0,
  isAgent: false,
  level: 1,
  uplineUsername: 'agent01',
  status: 'ACTIVE',
  balanceMinor: '1234567',
  lastLoginAt: null,
  registeredAt: '2026-11-20T02:00:00.000Z',
};
export const subAgent = {
  ...downline,
  id: '32',
  username: 'subagent32',
  nickname: '',
  type: 1,
  isAgent: true,
  lastLoginAt: '2026-11-25T04:05:06.000Z',
};

/** The wallet and vendors every agent page may read, then `routes` (METHOD path → answer). */
export function agentApi(routes: Record<string, Handler> = {}) {
  return fakeApi({
    [`GET ${WalletPaths.balance}`]: () =>
      okAnswer({ balanceMinor: '876550', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 }),
    [`GET ${GamePaths.vendors}`]: () =>
      okAnswer([
        {
          gameType: 'RNG',
          vendors: [
            {
              code: 'FORTUNA',
              name: 'Fortuna Originals',
              status: 'ACTIVE',
              gameCount: 3,
              launchableCount: 3,
              logoUrl: '',
            },
          ],
        },
      ]),
    ...routes,
  });
}

/** A report route that fails its first call with a 500, then answers `answer`. */
export function failingFirst(answer: Handler): Handler {
  let failed = false;
  return (call) => {
    if (failed) return answer(call);
    failed = true;
    return failAnswer(500, 'INTERNAL', 'down');
  };
}

/** Renders an agent centre page for agent01 (type 1), as the centre shows it. */
export function openAgentPage(page: ReactNode) {
  logInAs(agentFixture());
  return renderMemberPage(page);
}

export function endAgentTest() {
  vi.unstubAllGlobals();
  closeAllDialogs();
  act(() => useSession.getState().endSession());
}

/** A contract tier as answered: what it asks and pays (0 asks nothing). */
export const contractTier = (
  position: number,
  asks: { minValidBetMinor?: string; minActiveMembers?: number },
  ratePercent: string,
) => ({
  position,
  minValidBetMinor: asks.minValidBetMinor ?? '0',
  minActiveMembers: asks.minActiveMembers ?? 0,
  minBetMinor: '0',
  minNetLossMinor: '0',
  ratePercent,
  lossRatePercent: '0',
  profitRatePercent: '0',
});

/** agent01's daily salary from the platform, active, with `tiers`. */
export const heldDailySalary = (tiers: ReturnType<typeof contractTier>[]) => ({
  id: '7',
  type: 'DAILY_SALARY',
  period: 'D',
  status: 'ACTIVE',
  payer: 'PLATFORM',
  memberId: '1',
  uplineId: null,
  startsAt: '2026-11-19T16:00:00.000Z',
  endsAt: null,
  endReason: null,
  terminationRequested: false,
  offeredAt: '2026-11-18T02:00:00.000Z',
  tiers,
});

export { AgentPaths };
