import type { Contract } from '@fortuna/contracts/agent-contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { ContractTiersTable } from '../../../shared/ui/contract-tiers-table.tsx';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { useAnswerContract } from '../api/answer-contract.ts';
import './contract-popup.css';

/**
 * Spec 2.3 and 4.10: an offer (or a request to end a contract) waiting for the member's answer —
 * its terms and tiers, and accept or reject. One offer at a time; the next shows after the answer.
 */
export function ContractPopup({ offer, onClose }: { offer: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerContract();
  const send = (action: 'ACCEPT' | 'REJECT') =>
    answer.mutate({ type: offer.type, contractId: offer.id, action }, { onSuccess: onClose });
  const error =
    answer.error instanceof ApiError ? answer.error.message : answer.error ? t('contracts.failed') : null;
  return (
    <DialogFrame
      title={offer.terminationRequested ? t('contracts.terminationTitle') : t('contracts.offerTitle')}
      onClose={onClose}
      closeOnCoverClick={false}
      showCloseButton
      wide
      testId="contract-popup"
      className="contract-popup"
      footer={
        <div className="contract-popup__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={answer.isPending}
            onClick={() => send('REJECT')}
          >
            {t('contracts.reject')}
          </button>
          <button
            type="button"
            className="button button--gold"
            disabled={answer.isPending}
            onClick={() => send('ACCEPT')}
          >
            {offer.terminationRequested ? t('contracts.acceptEnd') : t('contracts.accept')}
          </button>
        </div>
      }
    >
      <dl className="contract-popup__terms">
        <dt>{t('contracts.type')}</dt>
        <dd data-testid="contract-type">{t(`contracts.types.${offer.type}`)}</dd>
        <dt>{t('contracts.period')}</dt>
        <dd>{t(`contracts.periods.${offer.period}`)}</dd>
        <dt>{t('contracts.payer')}</dt>
        <dd>{t(`contracts.payers.${offer.payer}`)}</dd>
      </dl>
      <p className="contract-popup__note">
        {offer.terminationRequested ? t('contracts.terminationNote') : t('contracts.startNote')}
      </p>
      <ContractTiersTable type={offer.type} tiers={offer.tiers} />
      {error ? (
        <p className="contract-popup__error" role="alert">
          {error}
        </p>
      ) : null}
    </DialogFrame>
  );
}
