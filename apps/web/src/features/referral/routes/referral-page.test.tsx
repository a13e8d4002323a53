import { ReferralPaths } from '@fortuna/contracts/referrals';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ReferralPage } from './referral-page.tsx';

const PROGRAMME = {
  availablePromo: { REFERRAL: { enabled: true } },
  rewardMinor: '5000',
  minFirstDepositMinor: '50000',
  minValidBetsMinor: null,
  wageringMultiplier: 0,
};
const MINE = {
  code: 'ABCDEFGH23',
  totalRewardMinor: '5000',
  programme: PROGRAMME,
  invitees: [
    {
      name: 'fr***1',
      registeredAt: '2026-11-20T10:00:00.000Z',
      state: 'REWARDED',
      rewardMinor: '5000',
      rewardedAt: '2026-11-20T11:00:00.000Z',
    },
    {
      name: 'ju***z',
      registeredAt: '2026-11-21T10:00:00.000Z',
      state: 'PENDING',
      rewardMinor: null,
      rewardedAt: null,
    },
  ],
};

describe('ReferralPage (spec 2.6 referral, ADR 060)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the programme runs, then the code, the link to register with it, the terms and each invitee with its state and reward are shown', async () => {
    fakeApi({ [`GET ${ReferralPaths.mine}`]: () => okAnswer(MINE) });
    renderInLobby(<ReferralPage />);
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ABCDEFGH23');
    expect(screen.getByTestId('referral-link').textContent).toBe(
      `${window.location.origin}/register?referralCode=ABCDEFGH23`,
    );
    expect(screen.getByTestId('referral-terms').textContent).toContain('once per friend');
    expect(screen.getByText('Cash to your wallet')).toBeTruthy();
    const rows = screen.getAllByTestId('referral-invitee');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['REWARDED', 'PENDING']);
    expect(rows[0]?.textContent).toContain('fr***1');
    expect(rows[0]?.textContent).toContain('50.00');
    expect(rows[1]?.textContent).toContain('Waiting');
  });

  it('when the programme is paused, then the page says no reward is paid now and shows no terms', async () => {
    const paused = {
      ...MINE,
      invitees: [],
      programme: { ...PROGRAMME, availablePromo: { REFERRAL: { enabled: false } } },
    };
    fakeApi({ [`GET ${ReferralPaths.mine}`]: () => okAnswer(paused) });
    renderInLobby(<ReferralPage />);
    expect((await screen.findByTestId('referral-terms')).textContent).toContain('paused');
    expect(screen.queryByText('Reward per friend')).toBeNull();
    expect(screen.getByText('No friend has registered with your link yet.')).toBeTruthy();
  });

  it('when the call fails, then the page says so and offers to try again', async () => {
    fakeApi({ [`GET ${ReferralPaths.mine}`]: () => failAnswer(500, 'INTERNAL', 'Something went wrong') });
    renderInLobby(<ReferralPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
