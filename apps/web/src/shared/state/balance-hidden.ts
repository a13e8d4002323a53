import { useCallback, useState } from 'react';

/** Local storage key of the header's hide toggle: set to "1" while the balance is hidden. */
export const BALANCE_HIDDEN_KEY = 'balanceHidden';

function readBalanceHidden(): boolean {
  return localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
}

/**
 * Whether the member chose to hide the balance behind asterisks. Remembered on this device, so a
 * player who hides it in a café does not see it pop back on the next page load.
 */
export function useBalanceHidden(): [hidden: boolean, toggle: () => void] {
  const [hidden, setHidden] = useState(readBalanceHidden);
  const toggle = useCallback(() => {
    const hide = !hidden;
    if (hide) localStorage.setItem(BALANCE_HIDDEN_KEY, '1');
    else localStorage.removeItem(BALANCE_HIDDEN_KEY);
    setHidden(hide);
  }, [hidden]);
  return [hidden, toggle];
}
