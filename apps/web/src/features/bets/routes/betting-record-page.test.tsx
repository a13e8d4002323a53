import { BetRecordPaths } from '@fortuna/contracts/bet-records';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { lastDays } from '../../../shared/format/records-range.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../../test/render-member-page.tsx';
import { betRoutes, round, totals } from './bet-routes.test-helpers.ts';
import { BettingRecordPage } from './betting-record-page.tsx';

function open() {
  logInAs(memberFixture());
  renderMemberPage(<BettingRecordPage />);
}

describe('betting record (spec 2.6 personalHistoryCopy)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when opened, then the last 7 days are asked for, 20 a page, and each round shows its game by name, stake, payout, profit and status', async () => {
    const api = betRoutes();
    open();
    const rows = await screen.findAllByTestId('bet-row');
    const settled = rows[1];
    expect(settled?.textContent).toContain('2026-11-20 09:05:07');
    expect(settled?.textContent).toContain('Neon Fruits');
    expect(settled?.textContent).not.toContain('neon-fruits');
    expect(settled?.textContent).toContain('Fortuna Originals');
    expect(settled?.textContent).toContain('r-2001');
    expect(within(settled as HTMLElement).getByTestId('bet-stake').textContent).toBe('₱ 25.00');
    expect(settled?.textContent).toContain('₱ 100.00');
    expect(settled?.querySelector('.money--in')?.textContent).toBe('+₱ 75.00');
    expect(settled?.textContent).toContain('Settled');
    expect(rows[0]?.textContent).toContain('Open');
    expect(rows[0]?.textContent).toContain('—');
    const query = api.callsTo('GET', BetRecordPaths.records)[0]?.query;
    const week = lastDays(7);
    expect(query?.get('from')).toMatch(new RegExp(`^${week.from}T00:00:00[+-]`));
    expect(query?.get('to')).toMatch(new RegExp(`^${week.to}T23:59:59\\.999[+-]`));
    expect(query?.get('page')).toBe('1');
    expect(query?.get('pageSize')).toBe('20');
    expect(query?.get('language')).toBe('EN');
    expect(query?.has('category') || query?.has('vendor') || query?.has('status')).toBe(false);
  });

  it('when rounds are found, then the totals of the whole filter are shown', async () => {
    betRoutes();
    open();
    const box = await screen.findByTestId('bet-totals');
    expect(within(box).getByTestId('bet-totals-rounds').textContent).toBe(String(totals.rounds));
    expect(box.textContent).toContain('₱ 50.00');
    expect(within(box).getByTestId('bet-totals-profit').textContent).toBe('+₱ 75.00');
  });

  it('when the member picks a category, a vendor, a status, the last 30 days and the next page, then the query follows', async () => {
    const api = betRoutes({
      records: (call) =>
        okAnswer({ items: [round], page: Number(call.query.get('page')), pageSize: 20, total: 45, totals }),
    });
    open();
    await screen.findAllByTestId('bet-row');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'FISH' } });
    await screen.findByRole('option', { name: 'PG Soft' });
    // The vendors call lists PG Soft under two categories; the filter offers it once.
    expect(screen.getAllByRole('option', { name: 'PG Soft' })).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'PGS' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'SETTLED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findAllByTestId('bet-row');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => {
      const last = api.callsTo('GET', BetRecordPaths.records).at(-1)?.query;
      expect(last?.get('category')).toBe('FISH');
      expect(last?.get('vendor')).toBe('PGS');
      expect(last?.get('status')).toBe('SETTLED');
      expect(last?.get('from')?.slice(0, 10)).toBe(lastDays(30).from);
      expect(last?.get('page')).toBe('2');
    });
  });

  it('when no round matches, then it says so', async () => {
    betRoutes({
      records: () =>
        okAnswer({ items: [], page: 1, pageSize: 20, total: 0, totals: { ...totals, rounds: 0 } }),
    });
    open();
    expect((await screen.findByTestId('bets-empty')).textContent).toBe('No bets in this period.');
    expect(screen.queryByTestId('bet-totals')).toBeNull();
  });

  it('when the call fails, then the failure is shown and Try again asks again and shows the rounds', async () => {
    const api = betRoutes({ failFirst: true });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('bet-row')).toHaveLength(2);
    expect(api.callsTo('GET', BetRecordPaths.records)).toHaveLength(2);
  });

  it('when the start date is after the end date, then it says so and asks nothing', async () => {
    const api = betRoutes();
    open();
    await screen.findAllByTestId('bet-row');
    const before = api.callsTo('GET', BetRecordPaths.records).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-01-01' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/start date must not be after/);
    expect(api.callsTo('GET', BetRecordPaths.records)).toHaveLength(before);
  });
});
