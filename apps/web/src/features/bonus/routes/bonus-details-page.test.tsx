import { PromotionPaths } from '@fortuna/contracts/promotions';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { progressPercent } from '../components/bonus-card.tsx';
import { BonusDetailsPage } from './bonus-details-page.tsx';

const BONUS = {
  id: '7',
  promotionTitle: 'First deposit doubled',
  grantedAt: '2026-11-20T10:00:00.000Z',
  bonusMinor: '60000',
  depositMinor: '60000',
  requiredMinor: '600000',
  wageredMinor: '150000',
  status: 'ACTIVE',
  closedAt: null,
  closedReason: null,
  multiplier: 5,
  includesDeposit: true,
  weightsPercent: { RNG: 100, PVP: 20 },
  maxStakeMinor: '5000',
  withdrawalRule: 'FORFEIT',
  expiresAt: null,
  cancellable: true,
};

describe('BonusDetailsPage (spec 2.6 bonusDetails, ADR 045)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when a bonus is wagering, then its amount, progress bar, terms and the money held back are shown', async () => {
    fakeApi({ [`GET ${PromotionPaths.bonuses}`]: () => okAnswer({ heldMinor: '60000', bonuses: [BONUS] }) });
    renderInLobby(<BonusDetailsPage />);
    const card = await screen.findByTestId('bonus-7');
    expect(card.textContent).toContain('First deposit doubled');
    expect(screen.getByTestId('bonus-progress').textContent).toContain('1,500.00');
    expect(screen.getByTestId('bonus-progress').textContent).toContain('6,000.00');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(card.textContent).toContain('5× the deposit plus the bonus');
    expect(card.textContent).toContain('Slots 100%');
    expect(screen.getByTestId('bonus-held').textContent).toContain('600.00');
  });

  it('when a bonus was released, then it says so and why, and nothing is said to be held back', async () => {
    const released = {
      ...BONUS,
      status: 'RELEASED',
      wageredMinor: '600000',
      closedReason: 'WAGERING_MET',
      closedAt: BONUS.grantedAt,
    };
    fakeApi({ [`GET ${PromotionPaths.bonuses}`]: () => okAnswer({ heldMinor: '0', bonuses: [released] }) });
    renderInLobby(<BonusDetailsPage />);
    expect((await screen.findByTestId('bonus-closed')).textContent).toContain('Wagering met');
    expect(screen.queryByTestId('bonus-held')).toBeNull();
  });

  it('when a bonus has an expiry, then the date to wager by is shown; once it expired, the card says why it closed', async () => {
    const expiring = { ...BONUS, expiresAt: '2026-11-27T10:00:00.000Z' };
    const expired = {
      ...BONUS,
      id: '8',
      status: 'FORFEITED',
      closedReason: 'EXPIRED',
      closedAt: BONUS.grantedAt,
    };
    fakeApi({
      [`GET ${PromotionPaths.bonuses}`]: () => okAnswer({ heldMinor: '60000', bonuses: [expiring, expired] }),
    });
    renderInLobby(<BonusDetailsPage />);
    expect((await screen.findByTestId('bonus-expires')).textContent).toContain('2026');
    expect(screen.getByTestId('bonus-8').textContent).toContain('Expired: the wagering was not met in time');
  });

  it('when the member cancels a bonus, then the card first warns what is forfeited, and only the confirmation calls the server', async () => {
    const calls: string[] = [];
    fakeApi({
      [`GET ${PromotionPaths.bonuses}`]: () => okAnswer({ heldMinor: '60000', bonuses: [BONUS] }),
      [`POST ${PromotionPaths.cancel.replace(':id', '7')}`]: (call) => {
        calls.push(call.path);
        return okAnswer({ ...BONUS, status: 'FORFEITED', closedReason: 'CANCELLED', cancellable: false });
      },
    });
    renderInLobby(<BonusDetailsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('forfeits what is left of this bonus');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel bonus' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(calls).toEqual([PromotionPaths.cancel.replace(':id', '7')]));
  });

  it('when the bonus cannot be cancelled, then no cancel button is shown', async () => {
    fakeApi({
      [`GET ${PromotionPaths.bonuses}`]: () =>
        okAnswer({ heldMinor: '60000', bonuses: [{ ...BONUS, cancellable: false }] }),
    });
    renderInLobby(<BonusDetailsPage />);
    await screen.findByTestId('bonus-7');
    expect(screen.queryByRole('button', { name: 'Cancel bonus' })).toBeNull();
  });

  it('when the requirement is passed or zero, then the bar is full and never beyond', () => {
    expect(progressPercent('0', '600000')).toBe(0);
    expect(progressPercent('599999', '600000')).toBe(99);
    expect(progressPercent('900000', '600000')).toBe(100);
    expect(progressPercent('0', '0')).toBe(100);
  });
});
