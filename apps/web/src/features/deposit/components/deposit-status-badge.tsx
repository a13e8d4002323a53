import type { DepositOrderStatus } from '@fortuna/contracts/deposit';
import '../../../shared/ui/money.css';
import { useTranslation } from 'react-i18next';

const TONE: Record<DepositOrderStatus, 'wait' | 'ok' | 'bad' | 'off'> = {
  PENDING: 'wait',
  PAID: 'ok',
  APPROVED: 'ok',
  REJECTED: 'bad',
  FAILED: 'bad',
  EXPIRED: 'off',
};

/** A deposit's status as a coloured label: waiting, credited, refused or lapsed. */
export function DepositStatusBadge({ status }: { status: DepositOrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`money-badge money-badge--${TONE[status]}`} data-status={status}>
      {t(`deposit.status.${status}`)}
    </span>
  );
}
