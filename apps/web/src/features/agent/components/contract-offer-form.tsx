import {
  CONTRACT_TYPES,
  type ContractPeriod,
  type ContractType,
  MAX_CONTRACT_TIERS,
  PERIODS_BY_TYPE,
  REQUIREMENTS_BY_TYPE,
} from '@fortuna/contracts/agent-contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useConsolidatedContracts } from '../../../shared/api/consolidated-contracts.ts';
import { useBalance } from '../../../shared/api/get-balance.ts';
import { DialogFrame } from '../../../shared/ui/dialog/dialog-frame.tsx';
import { failureMessage } from '../../../shared/ui/form/failure-message.ts';
import { useOfferContract } from '../api/contracts.ts';
import { rateRangeText } from '../contract-periods.ts';
import { draftsOf, EMPTY_TIER, type TierDraft, tiersOfDrafts } from '../offer-tiers.ts';
import './contract-offer-form.css';

const RATE_FIELDS = ['ratePercent', 'lossRatePercent', 'profitRatePercent'] as const;

/**
 * Downline management: the agent offers a direct downline agent a contract of a type the brand
 * enables (ADR 037). The form starts from the agent's own contract of the type — the same
 * requirements and rates, which the downline's may not exceed (the ratio rule, checked by the
 * server, whose refusal names the tier and rate) — and the offer waits for the downline's answer.
 */
export function ContractOfferForm({
  downline,
  onClose,
}: {
  downline: { id: string; username: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decimals = useBalance().data?.decimals ?? 2;
  const consolidated = useConsolidatedContracts(true);
  const enabled = CONTRACT_TYPES.filter((type) => consolidated.data?.enabledTypes.includes(type));
  const ownOf = (type: ContractType) =>
    consolidated.data?.contracts.find((contract) => contract.type === type);
  const [type, setType] = useState<ContractType | ''>('');
  // The first type the agent holds a contract of: the one it can share.
  const chosen: ContractType | undefined = type || enabled.find((each) => ownOf(each)) || enabled[0];
  const own = chosen ? ownOf(chosen) : undefined;
  const [period, setPeriod] = useState<ContractPeriod | ''>('');
  const [drafts, setDrafts] = useState<TierDraft[] | null>(null);
  const shownDrafts = drafts ?? (own ? draftsOf(own.tiers, decimals) : [EMPTY_TIER]);
  const [problems, setProblems] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const offer = useOfferContract();

  const choose = (next: ContractType) => {
    setType(next);
    setPeriod('');
    setDrafts(null);
    setProblems([]);
  };
  const edit = (index: number, field: keyof TierDraft, value: string) =>
    setDrafts(shownDrafts.map((draft, at) => (at === index ? { ...draft, [field]: value } : draft)));
  const fieldLabel = (field: keyof TierDraft) =>
    field === 'ratePercent' && chosen === 'REALTIME_SALARY'
      ? t('contracts.singleBetRate')
      : field === 'lossRatePercent'
        ? t('contracts.lossRate')
        : field === 'profitRatePercent'
          ? t('contracts.profitRate')
          : field === 'ratePercent'
            ? t('contracts.rate')
            : t(`contracts.requirement.${field}`);
  /** "body.tiers.1.ratePercent" → "Tier 2 · Rate"; other fields by their own label. */
  const issueLabel = (field: string) => {
    const match = /^body\.tiers\.(\d+)\.(\w+)$/.exec(field);
    if (match)
      return `${t('contracts.tier')} ${Number(match[1]) + 1} · ${fieldLabel(match[2] as keyof TierDraft)}`;
    if (field === 'body.type') return t('contracts.type');
    if (field === 'body.period') return t('contracts.period');
    return t('agent.contracts.downline');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setSent(false);
    const read = tiersOfDrafts(chosen, shownDrafts, decimals);
    if ('problem' in read) {
      const { tier, field, problem } = read.problem;
      setProblems([
        `${issueLabel(`body.tiers.${tier}.${field}`)}: ${t(`agent.contracts.draftProblems.${problem}`)}`,
      ]);
      return;
    }
    try {
      await offer.mutateAsync({
        memberId: downline.id,
        type: chosen,
        period: period || own?.period || (PERIODS_BY_TYPE[chosen][0] as ContractPeriod),
        tiers: read.tiers,
      });
      setProblems([]);
      setSent(true);
    } catch (failure) {
      const issues = failure instanceof ApiError ? failure.issues : [];
      setProblems(
        issues.length > 0
          ? issues.map((issue) => `${issueLabel(issue.field)}: ${issue.message}`)
          : [failureMessage(failure, t)],
      );
    }
  }

  const requirements = chosen ? REQUIREMENTS_BY_TYPE[chosen] : [];
  const rates = chosen === 'REALTIME_SALARY' ? RATE_FIELDS : (['ratePercent'] as const);
  return (
    <DialogFrame
      title={t('agent.contracts.offerTitle', { username: downline.username })}
      onClose={onClose}
      closeOnCoverClick={false}
      showCloseButton
      wide
      testId="contract-offer-form"
    >
      <form className="contract-offer" noValidate onSubmit={submit}>
        <div className="contract-offer__terms">
          <label className="report-filter__field">
            <span>{t('contracts.type')}</span>
            <select value={chosen ?? ''} onChange={(event) => choose(event.target.value as ContractType)}>
              {enabled.map((each) => (
                <option key={each} value={each}>
                  {t(`contracts.types.${each}`)}
                </option>
              ))}
            </select>
          </label>
          {chosen ? (
            <label className="report-filter__field">
              <span>{t('contracts.period')}</span>
              <select
                value={period || own?.period || PERIODS_BY_TYPE[chosen][0]}
                onChange={(event) => setPeriod(event.target.value as ContractPeriod)}
              >
                {PERIODS_BY_TYPE[chosen].map((each) => (
                  <option key={each} value={each}>
                    {t(`contracts.periods.${each}`)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <p className="report__note" data-testid="offer-own-rate">
          {own
            ? t('agent.contracts.ownRate', { rate: rateRangeText(own.tiers) })
            : t('agent.contracts.nothingToOffer')}
        </p>
        {shownDrafts.map((draft, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tier is its position in the ladder.
          <fieldset key={index} className="contract-offer__tier" data-testid="offer-tier">
            <legend>
              {t('contracts.tier')} {index + 1}
            </legend>
            {[...requirements, ...rates].map((field) => (
              <label key={field} className="report-filter__field">
                <span>
                  {fieldLabel(field)}
                  {(RATE_FIELDS as readonly string[]).includes(field) ? ' (%)' : ''}
                </span>
                <input
                  inputMode="decimal"
                  value={draft[field]}
                  placeholder={(RATE_FIELDS as readonly string[]).includes(field) ? '0.5' : '—'}
                  onChange={(event) => edit(index, field, event.target.value)}
                />
              </label>
            ))}
            {shownDrafts.length > 1 ? (
              <button
                type="button"
                className="button button--ghost contract-offer__remove"
                onClick={() => setDrafts(shownDrafts.filter((_, at) => at !== index))}
              >
                {t('agent.contracts.removeTier')}
              </button>
            ) : null}
          </fieldset>
        ))}
        {shownDrafts.length < MAX_CONTRACT_TIERS ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setDrafts([...shownDrafts, EMPTY_TIER])}
          >
            {t('agent.contracts.addTier')}
          </button>
        ) : null}
        {problems.length > 0 ? (
          <ul className="contract-offer__problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {sent ? (
          <p className="contract-offer__sent" role="status" data-testid="offer-sent">
            {t('agent.contracts.offerSent', { username: downline.username })}
          </p>
        ) : null}
        <button type="submit" className="button button--gold" disabled={offer.isPending || !own || sent}>
          {t('agent.contracts.sendOffer')}
        </button>
      </form>
    </DialogFrame>
  );
}
