import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { ContractTiersTable } from '../../../shared/ui/contract-tiers-table.tsx';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { Facts } from '../../../shared/ui/facts.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { useContractRecord } from '../api/contracts.ts';
import { periodText } from '../contract-periods.ts';
import { siteClockText } from '../site-time.ts';

/**
 * A record's calculation (issue 16: "explainable to the agent line by line"): the team's figures
 * of the period, the tier table with the tier reached, the rate and the amount, what the payee
 * passed on to its own downlines and kept, and each payment — enough to check it by hand.
 */
export function ContractRecordDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const { gmtOffset } = useSiteInfo();
  const detail = useContractRecord(id);
  const data = detail.data?.id === id ? detail.data : undefined;
  const dividend = data?.type === 'DIVIDEND';
  const realTime = data?.type === 'REALTIME_SALARY';
  return (
    <DialogFrame
      title={t('agent.contracts.calculation')}
      onClose={onClose}
      showCloseButton
      wide
      testId="contract-record-detail"
    >
      {detail.isError ? (
        <QueryFailure
          error={detail.error}
          retryLabel={t('wallet.retry')}
          onRetry={() => void detail.refetch()}
        />
      ) : data ? (
        <div className="contract-record-detail">
          <Facts
            facts={[
              { label: t('agent.contracts.period'), value: periodText(data, gmtOffset) },
              { label: t('agent.contracts.payee'), value: data.payeeUsername },
              {
                label: t('agent.contracts.payer'),
                value: data.payerUsername ?? t('contracts.payers.PLATFORM'),
              },
              { label: t('contracts.requirement.minValidBetMinor'), value: money(data.validBetMinor) },
              { label: t('agent.activeMembers'), value: data.activeMembers },
              { label: t('contracts.requirement.minNetLossMinor'), value: money(data.netLossMinor) },
              dividend ? { label: t('agent.contracts.carriedIn'), value: money(data.carriedInMinor) } : null,
              { label: t('agent.contracts.base'), value: money(data.baseMinor), testId: 'record-base' },
              {
                label: t('agent.contracts.tierReached'),
                value: data.tierLevel ?? t('agent.contracts.noTier'),
                testId: 'record-tier',
              },
              {
                label: realTime ? t('contracts.singleBetRate') : t('contracts.rate'),
                value: `${data.ratePercent} %`,
                testId: 'record-rate',
              },
              realTime ? { label: t('contracts.lossRate'), value: `${data.lossRatePercent ?? '0'} %` } : null,
              realTime
                ? { label: t('contracts.profitRate'), value: `${data.profitRatePercent ?? '0'} %` }
                : null,
              { label: t('agent.contracts.amount'), value: money(data.amountMinor), testId: 'record-amount' },
              { label: t('agent.contracts.passedOn'), value: money(data.passedOnMinor) },
              { label: t('agent.contracts.kept'), value: money(data.keptMinor), testId: 'record-kept' },
              dividend
                ? { label: t('agent.contracts.carriedOut'), value: money(data.carriedOutMinor) }
                : null,
              { label: t('agent.contracts.paid'), value: money(data.paidMinor) },
              {
                label: t('agent.status'),
                value: t(`agent.contracts.billStatuses.${data.status}`, data.status),
                testId: 'record-status',
              },
              data.note ? { label: t('agent.contracts.note'), value: data.note } : null,
            ]}
          />
          <p className="report__note">{t(`agent.contracts.formula.${data.type}`)}</p>
          <ContractTiersTable type={data.type} tiers={data.tiers} reached={data.tierLevel} />
          {data.payments.length > 0 ? (
            <Facts
              testId="record-payments"
              facts={data.payments.map((payment) => ({
                label: `${t('agent.contracts.payment', { number: payment.number })} · ${siteClockText(new Date(payment.at), gmtOffset)}`,
                value: money(payment.amountMinor),
              }))}
            />
          ) : null}
        </div>
      ) : (
        <FullPageLoader label={t('wallet.loading')} inline />
      )}
    </DialogFrame>
  );
}
