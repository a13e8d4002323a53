import type { ContractTier, ContractType } from '@fortuna/contracts/agent-contracts';
import { REQUIREMENTS_BY_TYPE } from '@fortuna/contracts/agent-contracts';
import { useTranslation } from 'react-i18next';
import { useWalletMoney } from './use-wallet-money.tsx';
import './contract-tiers-table.css';

/**
 * The tiers of a contract in a table: what each asks of the team, and what it pays (spec 2.3,
 * 4.10). Shared by the contract popup and the agent centre's record calculation, which marks the
 * tier reached (`reached`, 1-based).
 */
export function ContractTiersTable({
  type,
  tiers,
  reached,
}: {
  type: ContractType;
  tiers: ContractTier[];
  reached?: number | null;
}) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const requirements = REQUIREMENTS_BY_TYPE[type];
  const realTime = type === 'REALTIME_SALARY';
  // 0 asks nothing: a dash, not an amount to reach.
  const requirementText = (tier: ContractTier, name: (typeof requirements)[number]) => {
    if (name === 'minActiveMembers') return tier.minActiveMembers > 0 ? tier.minActiveMembers : '—';
    return BigInt(tier[name]) > 0n ? money(tier[name]) : '—';
  };
  return (
    <div className="contract-tiers-scroll">
      <table className="contract-tiers" data-testid="contract-tiers">
        <thead>
          <tr>
            <th scope="col">{t('contracts.tier')}</th>
            {requirements.map((name) => (
              <th scope="col" key={name}>
                {t(`contracts.requirement.${name}`)}
              </th>
            ))}
            <th scope="col">{realTime ? t('contracts.singleBetRate') : t('contracts.rate')}</th>
            {realTime ? <th scope="col">{t('contracts.lossRate')}</th> : null}
            {realTime ? <th scope="col">{t('contracts.profitRate')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr
              key={tier.position}
              className={tier.position === reached ? 'contract-tiers__reached' : undefined}
              aria-current={tier.position === reached ? 'true' : undefined}
            >
              <td data-label={t('contracts.tier')}>{tier.position}</td>
              {requirements.map((name) => (
                <td key={name} data-label={t(`contracts.requirement.${name}`)}>
                  {requirementText(tier, name)}
                </td>
              ))}
              <td data-label={realTime ? t('contracts.singleBetRate') : t('contracts.rate')}>
                {tier.ratePercent} %
              </td>
              {realTime ? <td data-label={t('contracts.lossRate')}>{tier.lossRatePercent} %</td> : null}
              {realTime ? <td data-label={t('contracts.profitRate')}>{tier.profitRatePercent} %</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
