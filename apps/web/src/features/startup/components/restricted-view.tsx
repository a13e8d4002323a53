import type { Permission } from '@fortuna/contracts/system';
import { useTranslation } from 'react-i18next';
import { RestrictedIllustration } from '../../../shared/art/illustrations.tsx';
import { StatusPage, supportEntryFor } from './status-page.tsx';

export function RestrictedView({ permission }: { permission: Permission }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="restricted-view"
      art={<RestrictedIllustration size={200} />}
      title={t('startup.restrictedTitle')}
      text={t('startup.restrictedText')}
      support={supportEntryFor(permission.info.customerService)}
    >
      <p className="status-page__ip">
        <span>{t('startup.yourIp')}</span>
        <strong data-testid="restricted-ip">{permission.location.ip}</strong>
      </p>
    </StatusPage>
  );
}
