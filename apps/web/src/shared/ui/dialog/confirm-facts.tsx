import { type Fact, Facts } from '../facts.tsx';
import { openDialog } from './dialog-store.ts';

/**
 * Asks before money moves: the facts of the movement repeated, Cancel, and the button that sends
 * it (`confirmKey`, a translation key, usually the form's own submit text).
 */
export function confirmFacts({
  title,
  testId,
  facts,
  confirmKey,
  onConfirm,
}: {
  title: string;
  testId: string;
  facts: Fact[];
  confirmKey: string;
  onConfirm: () => void;
}): void {
  openDialog({
    title,
    icon: 'info',
    testId,
    body: <Facts facts={facts} />,
    buttons: [
      { labelKey: 'dialog.cancel', variant: 'ghost' },
      { labelKey: confirmKey, onClick: onConfirm },
    ],
  });
}
