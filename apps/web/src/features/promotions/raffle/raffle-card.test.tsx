import type { PublicRaffle } from '@fortuna/contracts/raffles';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { RaffleCard } from './raffle-card.tsx';

const RAFFLE: PublicRaffle = {
  id: '3',
  code: 'WEEKEND',
  title: 'Weekend raffle',
  status: 'OPEN',
  opensAt: '2026-11-27T00:00:00.000Z',
  drawAt: '2026-11-29T12:00:00.000Z',
  ticketRule: { validBetsPerTicketMinor: '10000', depositMinMinor: null, maxTicketsPerMember: 5 },
  prizes: [{ winners: 1, amountMinor: '100000' }],
  seedHash: 'a'.repeat(64),
  seed: null,
  closingValue: null,
  ticketCount: 4,
  winners: [],
};

describe('RaffleCard paused or cancelled (ADR 074)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the raffle is paused, then it says no tickets are issued for now; open, it says nothing of the kind', async () => {
    fakeApi({});
    renderInLobby(<RaffleCard raffle={{ ...RAFFLE, status: 'PAUSED' }} />);
    expect(await screen.findByText('Paused')).toBeTruthy();
    expect(screen.getByTestId('raffle-status-note').textContent).toContain('no tickets are issued for now');
    cleanup();
    renderInLobby(<RaffleCard raffle={RAFFLE} />);
    expect(await screen.findByText('Open')).toBeTruthy();
    expect(screen.queryByTestId('raffle-status-note')).toBeNull();
  });

  it('when the raffle is cancelled, then it says there will be no draw and nothing is owed back', async () => {
    fakeApi({});
    renderInLobby(<RaffleCard raffle={{ ...RAFFLE, status: 'CANCELLED' }} />);
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.getByTestId('raffle-status-note').textContent).toContain('there will be no draw');
  });
});
