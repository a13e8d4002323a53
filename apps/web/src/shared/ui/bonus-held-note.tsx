import { useTranslation } from 'react-i18next';
import { useBonuses } from '../api/bonuses.ts';
import { useWalletMoney } from './use-wallet-money.tsx';
import './bonus-held-note.css';

/**
 * States plainly what bonus money its wagering still holds back (ADR 045): it is not in the
 * main wallet and cannot be withdrawn or transferred until released. Nothing when none is held;
 * `pointToDetails` where the member is not on the bonus details page already.
 */
export function BonusHeldNote({ pointToDetails = false }: { pointToDetails?: boolean }) {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  const money = useWalletMoney();
  const held = bonuses.data?.heldMinor ?? '0';
  if (held === '0') return null;
  return (
    <p className="bonus-held-note" role="note" data-testid="bonus-held">
      {t('bonus.held.before')} <strong>{money(held)}</strong> {t('bonus.held.after')}
      {pointToDetails ? ` ${t('bonus.held.seeDetails')}` : null}
    </p>
  );
}
