import type { GameVendors } from '@fortuna/contracts/games';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { vendorFixture } from '../../test/games.test-fixtures.ts';
import { gameVendorsQuery } from '../api/game-vendors.ts';
import { useCategoryNav } from './use-category-nav.ts';

function navFor(reported: GameVendors) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(gameVendorsQuery.queryKey, reported);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCategoryNav(), { wrapper }).result.current.map((item) => item.path);
}

describe('category navigation (spec 2.1)', () => {
  it('when vendor sorting reports lottery vendors, then the lottery centre is in the navigation, in the order reported', () => {
    expect(
      navFor([
        { gameType: 'RNG', vendors: [vendorFixture('JDB')] },
        { gameType: 'LOTT', vendors: [vendorFixture('TCG')] },
      ]),
    ).toEqual(['/rng', '/lott']);
  });

  it('when vendor sorting reports no lottery vendors, then the navigation has no lottery centre', () => {
    expect(navFor([{ gameType: 'LIVE', vendors: [vendorFixture('EVO')] }])).toEqual(['/live']);
  });
});
