import { useTranslation } from 'react-i18next';
import { Facts } from '../../../shared/ui/facts.tsx';

/** Where to send a manual transfer: the channel's bank, account name and number, in the given order. */
export function BankInstructions({ instructions }: { instructions: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <section className="deposit-bank" data-testid="bank-instructions" aria-label={t('deposit.bankTitle')}>
      <p className="deposit-bank__title">{t('deposit.bankTitle')}</p>
      <Facts
        facts={Object.entries(instructions).map(([name, value]) => ({
          label: t(`deposit.bank.${name}`, { defaultValue: name }),
          value,
        }))}
      />
      <p className="deposit-muted">{t('deposit.bankNote')}</p>
    </section>
  );
}
