import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelBonus } from '../api/cancel-bonus.ts';

/**
 * The member's cancel of a bonus still wagering (ADR 066): the button asks first, saying that what
 * is left of the bonus and its winnings is forfeited, and cancels only on the second click.
 */
export function CancelBonus({ bonusId }: { bonusId: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const cancel = useCancelBonus();
  if (!asking) {
    return (
      <button type="button" className="bonus-card__cancel" onClick={() => setAsking(true)}>
        {t('bonus.cancel.button')}
      </button>
    );
  }
  return (
    <div className="bonus-card__confirm" role="alertdialog" aria-label={t('bonus.cancel.button')}>
      <p>{t('bonus.cancel.warning')}</p>
      {cancel.error ? <p role="alert">{t('bonus.cancel.failed')}</p> : null}
      <div className="bonus-card__confirm-actions">
        <button
          type="button"
          className="bonus-card__cancel bonus-card__cancel--confirm"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(bonusId)}
        >
          {t('bonus.cancel.confirm')}
        </button>
        <button type="button" className="bonus-card__keep" onClick={() => setAsking(false)}>
          {t('bonus.cancel.keep')}
        </button>
      </div>
    </div>
  );
}
