import { useTranslation } from 'react-i18next';

/** Where to send a manual transfer: the channel's bank, account name and number, in the given order. */
export function BankInstructions({ instructions }: { instructions: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <section className="deposit-bank" data-testid="bank-instructions" aria-label={t('deposit.bankTitle')}>
      <p className="deposit-bank__title">{t('deposit.bankTitle')}</p>
      <dl className="deposit-facts">
        {Object.entries(instructions).map(([name, value]) => (
          <div key={name} className="deposit-facts__row">
            <dt>{t(`deposit.bank.${name}`, { defaultValue: name })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="deposit-muted">{t('deposit.bankNote')}</p>
    </section>
  );
}
