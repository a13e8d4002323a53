import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { balanceQuery } from '../api/get-balance.ts';
import { openDialog } from '../ui/dialog/dialog-store.ts';

/**
 * What a money form does once the server has moved the money: the form emptied, the balance and
 * the page's own list (`queryKey`) fetched again, and a short "done" that closes by itself.
 */
export function useMoneyMoved() {
  const queryClient = useQueryClient();
  return async function moneyMoved(
    form: HTMLFormElement,
    { queryKey, title, testId }: { queryKey: QueryKey; title: string; testId: string },
  ): Promise<void> {
    form.reset();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
    ]);
    openDialog({ title, icon: 'success', timeoutMs: 2500, testId });
  };
}
