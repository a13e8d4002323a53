import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { navigateOnce } from './navigate-once.ts';

const at = (pathname: string, search = ''): Location => ({
  pathname,
  search,
  hash: '',
  state: null,
  key: 'k',
});

describe('navigateOnce', () => {
  it('when the target is where the visitor already is, then nothing happens', () => {
    const navigate = vi.fn();
    expect(navigateOnce(navigate, at('/promotions'), '/promotions')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('when the target differs in path or query, then it navigates', () => {
    const navigate = vi.fn();
    expect(navigateOnce(navigate, at('/rng'), '/rng?vassalage=PG')).toBe(true);
    expect(navigateOnce(navigate, at('/rng'), '/live')).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
