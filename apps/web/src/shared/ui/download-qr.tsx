import { useTranslation } from 'react-i18next';
import { UiIcon } from '../art/ui-icon.tsx';
import { QrImage } from './qr-image.tsx';
import './download-qr.css';

/** A QR code for an app download link, drawn locally (the encoder loads only when shown). */
export function DownloadQr({ url, platform }: { url: string; platform: string }) {
  const { t } = useTranslation();
  const label = t('sideMenu.scanToDownload', { platform });
  return (
    <a
      className="download-qr"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
    >
      <QrImage text={url} size={88} className="download-qr__code" />
      <span className="download-qr__platform">
        <UiIcon name="download" size={14} />
        {platform}
      </span>
    </a>
  );
}
