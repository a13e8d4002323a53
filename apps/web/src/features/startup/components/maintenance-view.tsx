import type { Permission } from '@fortuna/contracts/system';
import { useTranslation } from 'react-i18next';
import { MaintenanceIllustration } from '../../../shared/art/illustrations.tsx';
import { StatusPage, supportEntryFor } from './status-page.tsx';

export function MaintenanceView({ permission }: { permission: Permission }) {
  const { t, i18n } = useTranslation();
  const until = permission.maintenanceUntil
    ? new Intl.DateTimeFormat(i18n.language === 'TY' ? 'fil-PH' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(permission.maintenanceUntil))
    : null;
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
