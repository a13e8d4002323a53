import type { WithdrawalStatus } from '@fortuna/contracts/withdrawal';
import { useTranslation } from 'react-i18next';
import '../../../shared/ui/money.css';

const TONE: Record<WithdrawalStatus, 'wait' | 'ok' | 'bad' | 'off'> = {
  PENDING: 'wait',
  APPROVED: 'wait',
  PAID: 'wait',
  RECEIVED: 'ok',
  AUTO_RECEIVED: 'ok',
  REJECTED: 'off',
  NOT_RECEIVED: 'bad',
  PARTIALLY_RECEIVED: 'bad',
  RESOLVED_PAID: 'ok',
  RESOLVED_RETURNED: 'off',
};

/** A withdrawal's status as a coloured label: on its way, arrived, or disputed. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`money-badge money-badge--${TONE[status]}`}
      data-status={status}
      data-testid="withdrawal-status"
    >
      {t(`withdraw.status.${status}`)}
    </span>
  );
}
