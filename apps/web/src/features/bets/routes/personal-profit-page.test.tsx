import { BetRecordPaths } from '@fortuna/contracts/bet-records';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { lastDays } from '../../../shared/format/records-range.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { closeAllDialogs, renderMemberPage } from '../../../test/render-member-page.tsx';
import { betRoutes, totals } from './bet-routes.test-helpers.ts';
import { PersonalProfitPage } from './personal-profit-page.tsx';

function open() {
  logInAs(memberFixture());
  renderMemberPage(<PersonalProfitPage />);
}

describe('personal profit and loss (spec 2.6 personalProfit)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeAllDialogs();
    act(() => useSession.getState().endSession());
  });

  it('when opened, then the last 7 days are asked for and the totals and one line per vendor show', async () => {
    const api = betRoutes({
      profit: () =>
        okAnswer({
          totals: { ...totals, profitMinor: '-2500' },
          vendors: [
            {
              ...totals,
              rounds: 1,
              profitMinor: '7500',
              vendorCode: 'FORTUNA',
              vendorName: 'Fortuna Originals',
            },
            { ...totals, rounds: 1, profitMinor: '-10000', vendorCode: 'PGS', vendorName: 'PG Soft' },
          ],
        }),
    });
    open();
    const rows = await screen.findAllByTestId('profit-row');
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['Fortuna Originals', 'PG Soft']);
    expect(rows[0]?.querySelector('.money--in')?.textContent).toBe('+₱ 75.00');
    expect(rows[1]?.querySelector('.money--out')?.textContent).toBe('−₱ 100.00');
    expect(within(screen.getByTestId('bet-totals')).getByTestId('bet-totals-profit').textContent).toBe(
      '−₱ 25.00',
    );
    const query = api.callsTo('GET', BetRecordPaths.profit)[0]?.query;
    expect(query?.get('from')).toMatch(new RegExp(`^${lastDays(7).from}T00:00:00[+-]`));
    expect(query?.has('status') || query?.has('page')).toBe(false);
    // Profit counts settled rounds only, so there is no status to choose.
    expect(screen.queryByLabelText('Status')).toBeNull();
  });

  it('when the member picks a category, a vendor and the last 30 days, then the query follows', async () => {
    const api = betRoutes();
    open();
    await screen.findAllByTestId('profit-row');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'RNG' } });
    await screen.findByRole('option', { name: 'Fortuna Originals' });
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'FORTUNA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await vi.waitFor(() => {
      const last = api.callsTo('GET', BetRecordPaths.profit).at(-1)?.query;
      expect(last?.get('category')).toBe('RNG');
      expect(last?.get('vendor')).toBe('FORTUNA');
      expect(last?.get('from')?.slice(0, 10)).toBe(lastDays(30).from);
    });
  });

  it('when nothing was settled in the range, then it says so', async () => {
    betRoutes({ profit: () => okAnswer({ totals: { ...totals, rounds: 0 }, vendors: [] }) });
    open();
    expect((await screen.findByTestId('bets-empty')).textContent).toBe('No settled bets in this period.');
  });

  it('when the call fails, then the failure is shown and Try again shows the lines', async () => {
    const api = betRoutes({ failFirst: true });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('profit-row')).toHaveLength(1);
    expect(api.callsTo('GET', BetRecordPaths.profit)).toHaveLength(2);
  });
});
