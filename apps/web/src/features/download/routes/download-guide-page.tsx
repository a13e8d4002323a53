import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { UiIcon, type UiIconName } from '../../../shared/art/ui-icon.tsx';
import { DownloadQr } from '../../../shared/ui/download-qr.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import './download-guide-page.css';

interface AppChoice {
  key: 'ios' | 'android' | 'lite';
  platform: string;
  icon: UiIconName;
  url: string;
}

/** Spec 2.12: how to get the app on iOS and Android, or the lite app in the browser. */
export function DownloadGuidePage() {
  const { t } = useTranslation();
  const { appDownloads } = useSiteInfo();
  const offered: AppChoice[] = [
    { key: 'ios', platform: 'iOS', icon: 'apple', url: appDownloads.ios },
    { key: 'android', platform: 'Android', icon: 'android', url: appDownloads.android },
    { key: 'lite', platform: t('download.lite.name'), icon: 'globe', url: appDownloads.lite },
  ];
  const choices = offered.filter((choice) => choice.url.trim() !== '');
  return (
    <div className="download-guide">
      <PageTitle icon={<UiIcon name="download" size={30} />}>{t('download.title')}</PageTitle>
      <p className="download-guide__intro">{t('download.intro')}</p>
      {/* Only the apps the site configures: no dead link stands in for one (issue 19). */}
      {choices.length === 0 ? <p className="download-guide__intro">{t('download.noneOffered')}</p> : null}
      <div className="download-guide__choices">
        {choices.map((choice) => (
          <section
            key={choice.key}
            className="download-guide__card"
            aria-labelledby={`download-${choice.key}`}
          >
            <header className="download-guide__head">
              <UiIcon name={choice.icon} size={28} />
              <h2 id={`download-${choice.key}`}>{t(`download.${choice.key}.title`)}</h2>
            </header>
            <DownloadQr url={choice.url} platform={choice.platform} />
            <ol className="download-guide__steps">
              {[1, 2, 3].map((step) => (
                <li key={step}>{t(`download.${choice.key}.step${step}`)}</li>
              ))}
            </ol>
            <a
              className="button button--gold download-guide__get"
              href={choice.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`download-${choice.key}`}
            >
              {t(`download.${choice.key}.action`)}
            </a>
          </section>
        ))}
      </div>
    </div>
  );
}
