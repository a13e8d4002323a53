import { GamePaths, type Winner } from '@fortuna/contracts/games';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../i18n/i18n.ts';
import { fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { WinnerBoard } from './winner-board.tsx';

const winner = (index: number): Winner => ({
  customerName: `pl***${index}`,
  winAmount: String((30 - index) * 10_000),
  iconUrl: `/game-art/${index}.svg`,
  gameId: String(index),
  nodeId: String(index),
  gameName: `Game ${index}`,
  vassalage: 'HOUSE',
  settledAt: new Date(Date.UTC(2026, 10, 20, 12, index)).toISOString(),
});

describe('winner board and winners marquee (spec 2.1, 9)', () => {
  it('when the board has 20 wins, then the marquee runs all 20 and the biggest wins list the first 9', async () => {
    fakeApi({
      [`GET ${GamePaths.winners}`]: () => okAnswer(Array.from({ length: 20 }, (_, i) => winner(i + 1))),
    });
    renderInLobby(<WinnerBoard />);
    const marquee = await screen.findByTestId('winners-marquee');
    const [shown, copy] = within(marquee).getAllByRole('list', { hidden: true });
    expect(within(shown as HTMLElement).getAllByRole('listitem')).toHaveLength(20);
    expect(copy?.getAttribute('aria-hidden')).toBe('true');
    expect(within(marquee).getAllByText('pl***20', { exact: true })[0]).toBeTruthy();
    const biggest = screen.getAllByRole('listitem').filter((item) => item.className === 'winner-board__item');
    expect(biggest.map((item) => item.querySelector('strong')?.textContent)).toEqual(
      Array.from({ length: 9 }, (_, i) => `pl***${i + 1}`),
    );
  });

  it('when no round has been won this week, then there is no marquee and the board says so', async () => {
    fakeApi({ [`GET ${GamePaths.winners}`]: () => okAnswer([]) });
    renderInLobby(<WinnerBoard />);
    expect(await screen.findByText('No big wins this week yet — yours could be the first.')).toBeTruthy();
    expect(screen.queryByTestId('winners-marquee')).toBeNull();
  });
});
