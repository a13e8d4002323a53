import type { CustomerServiceEntry } from '@fortuna/contracts/system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../shared/art/brand-logo.tsx';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import './status-page.css';

/** The frame shared by the maintenance and restricted start-up views. */
export function StatusPage(props: {
  testId: string;
  art: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
  support: CustomerServiceEntry | undefined;
}) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid={props.testId}>
      <div className="status-page__card">
        <BrandLogo height={36} />
        {props.art}
        <h1 className="status-page__title">{props.title}</h1>
        <p className="status-page__text">{props.text}</p>
        {props.children}
        {props.support ? (
          <a
            className="button button--gold"
            href={props.support.path}
            target="_blank"
            rel="noopener noreferrer"
          >
            <UiIcon name="headset" />
            {t('startup.contactSupport')}
          </a>
        ) : null}
      </div>
    </main>
  );
}

/** The status pages offer the entry meant for them, else the floating widget's first one. */
export function supportEntryFor(entries: CustomerServiceEntry[]): CustomerServiceEntry | undefined {
  return (
    entries.find((entry) => entry.csPosition === 'STATUS_PAGE') ??
    entries.find((entry) => entry.csPosition === 'FLOAT')
  );
}
