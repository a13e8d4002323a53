import type { Permission } from '@fortuna/contracts/system';
import { useTranslation } from 'react-i18next';
import { MaintenanceIllustration } from '../../../shared/art/illustrations.tsx';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { StatusPage, supportEntryFor } from './status-page.tsx';

export function MaintenanceView({ permission }: { permission: Permission }) {
  const { t } = useTranslation();
  const until = permission.maintenanceUntil ? formatDateTime(permission.maintenanceUntil) : null;
  return (
    <StatusPage
      testId="maintenance-view"
      art={<MaintenanceIllustration size={200} />}
      title={t('startup.maintenanceTitle')}
      text={t('startup.maintenanceText')}
      support={supportEntryFor(permission.info.customerService)}
    >
      {until ? <p className="status-page__until">{t('startup.maintenanceUntil', { time: until })}</p> : null}
    </StatusPage>
  );
}
