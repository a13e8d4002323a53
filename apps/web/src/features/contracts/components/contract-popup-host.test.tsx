import { ContractPaths } from '@fortuna/contracts/agent-contract-calls';
import type { Contract } from '@fortuna/contracts/agent-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ContractPopupHost } from './contract-popup-host.tsx';

const offer: Contract = {
  id: '41',
  type: 'DAILY_SALARY',
  period: 'D',
  status: 'AWAITING',
  payer: 'UPLINE',
  memberId: '7',
  uplineId: '3',
  startsAt: null,
  endsAt: null,
  endReason: null,
  terminationRequested: false,
  offeredAt: '2026-11-26T04:00:00.000Z',
  tiers: [
    {
      position: 1,
      minValidBetMinor: '1000000',
      minActiveMembers: 5,
      minBetMinor: '0',
      minNetLossMinor: '0',
      ratePercent: '0.5',
      lossRatePercent: '0',
      profitRatePercent: '0',
    },
  ],
};
const consolidated = (offers: Contract[]) =>
  okAnswer({ enabledTypes: ['DAILY_SALARY'], requirementTypes: {}, offers, contracts: [] });

describe('contract popup (spec 2.3, 4.10)', () => {
  beforeEach(() => useSession.getState().startSession('token', 'username'));
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().endSession();
  });

  it('when an offer waits, then its terms and tiers show, and Accept answers through processDailySalary and closes it', async () => {
    let waiting = [offer];
    const api = fakeApi({
      [`GET ${ContractPaths.consolidated}`]: () => consolidated(waiting),
      [`POST ${ContractPaths.processDailySalary}`]: () => {
        waiting = [];
        return okAnswer({ ...offer, status: 'ACTIVE' });
      },
    });
    renderInLobby(<ContractPopupHost />);
    const popup = await screen.findByTestId('contract-popup');
    expect(within(popup).getByTestId('contract-type').textContent).toBe('Daily salary');
    const row = within(popup).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('0.5 %');
    expect(row.textContent).toContain('10,000.00');
    within(popup).getByRole('button', { name: 'Accept' }).click();
    await waitFor(() => expect(screen.queryByTestId('contract-popup')).toBeNull());
    expect(api.callsTo('POST', ContractPaths.processDailySalary).map((call) => call.body)).toEqual([
      { contractId: '41', action: 'ACCEPT' },
    ]);
  });

  it('when nothing waits, or no one is logged in, then there is no popup', async () => {
    const api = fakeApi({ [`GET ${ContractPaths.consolidated}`]: () => consolidated([]) });
    renderInLobby(<ContractPopupHost />);
    await waitFor(() => expect(api.callsTo('GET', ContractPaths.consolidated)).toHaveLength(1));
    expect(screen.queryByTestId('contract-popup')).toBeNull();
    useSession.getState().endSession();
    expect(screen.queryByTestId('contract-popup')).toBeNull();
  });
});
