// @vitest-environment jsdom
// The page renders operator HTML: DOMPurify cleans only in jsdom (see shared/ui/safe-html.test.tsx).
import { PromotionPaths } from '@fortuna/contracts/promotions';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { PromotionsPage } from './promotions-page.tsx';

const FIRST_DEPOSIT = {
  id: '1',
  code: 'FIRST_DEPOSIT_DOUBLED',
  type: 'DEPOSIT',
  title: 'First deposit doubled',
  bodyHtml:
    '<p>Your <strong>first deposit is doubled</strong>.</p><img src="http://evil.example/x.png" onerror="alert(1)">',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  automatic: true,
};

describe('PromotionsPage (spec 2.12, ADR 045)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when a promotion is running, then its title and cleaned text are shown, and an automatic one says no claim is needed and leads to the deposit', async () => {
    fakeApi({ [`GET ${PromotionPaths.running}`]: () => okAnswer({ promotions: [FIRST_DEPOSIT] }) });
    renderInLobby(<PromotionsPage />);
    const card = await screen.findByTestId('promotion-FIRST_DEPOSIT_DOUBLED');
    expect(card.textContent).toContain('First deposit doubled');
    expect(card.querySelector('strong')?.textContent).toBe('first deposit is doubled');
    expect(card.innerHTML).not.toContain('onerror');
    expect(card.innerHTML).not.toContain('evil.example');
    expect(card.textContent).toContain('no claim needed');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/member?page=depositv2');
  });

  it('when none is running, then the page says so plainly', async () => {
    fakeApi({ [`GET ${PromotionPaths.running}`]: () => okAnswer({ promotions: [] }) });
    renderInLobby(<PromotionsPage />);
    expect(await screen.findByText(/No promotions right now/)).toBeTruthy();
  });
});
