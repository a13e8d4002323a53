import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useAccruedRebate, useClaimRebate } from '../api/rebate.ts';
import './manual-rebate-popup.css';

/** Basis points as a percentage people read: 150 → "1.5%". */
const percentOf = (rateBp: number) => `${(rateBp / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`;

/**
 * The manual rebate of spec 2.4 (MANPLAYREB3): what has accrued per category since the last daily
 * payment, and a Claim button that pays it into the main wallet now (ADR 039).
 */
export function ManualRebatePopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const accrued = useAccruedRebate();
  const claim = useClaimRebate();
  const money = useWalletMoney();
  const value = accrued.data;
  const nothing = !value || value.totalMinor === '0';
  const failure = claim.error ? failureMessage(claim.error, t) : null;

  return (
    <DialogFrame title={t('rebate.title')} onClose={onClose} showCloseButton testId="manual-rebate-popup">
      {!value ? (
        <FullPageLoader label={t('rebate.title')} inline />
      ) : (
        <div className="manual-rebate">
          <p className="manual-rebate__note">{t('rebate.note', { from: value.fromDay })}</p>
          {value.categories.length === 0 ? (
            <p className="manual-rebate__empty">{t('rebate.noRates')}</p>
          ) : (
            <table className="manual-rebate__table">
              <thead>
                <tr>
                  <th scope="col">{t('rebate.category')}</th>
                  <th scope="col">{t('rebate.rate')}</th>
                  <th scope="col">{t('rebate.validBets')}</th>
                  <th scope="col">{t('rebate.accrued')}</th>
                </tr>
              </thead>
              <tbody>
                {value.categories.map((row) => (
                  <tr key={row.category} data-testid={`rebate-row-${row.category}`}>
                    <th scope="row">{t(`bets.categories.${row.category}`)}</th>
                    <td>{percentOf(row.rateBp)}</td>
                    <td>{money(row.validBetMinor)}</td>
                    <td>{money(row.accruedMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="manual-rebate__total">
            <span>{t('rebate.total')}</span>
            <strong data-testid="rebate-total">{money(value.totalMinor)}</strong>
          </div>
          {claim.data ? (
            <p className="manual-rebate__done" role="status" data-testid="rebate-claimed">
              {t('rebate.claimed')} {money(claim.data.claimedMinor)}
            </p>
          ) : null}
          {failure ? (
            <p className="account-form__error" role="alert">
              {failure}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--gold manual-rebate__claim"
            data-testid="rebate-claim"
            disabled={nothing || !value.claimEnabled || claim.isPending}
            onClick={() => claim.mutate()}
          >
            {claim.isPending ? t('rebate.claiming') : t('rebate.claim')}
          </button>
        </div>
      )}
    </DialogFrame>
  );
}
