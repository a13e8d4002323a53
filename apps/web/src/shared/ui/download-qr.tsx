import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../art/ui-icon.tsx';
import './download-qr.css';

/** A QR code for an app download link, drawn locally (the encoder loads only when shown). */
export function DownloadQr({ url, platform }: { url: string; platform: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then((qr) =>
      qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => {
        if (!cancelled) setSvg(markup);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [url]);
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
      {svg ? (
        <img
          className="download-qr__code"
          alt=""
          width={88}
          height={88}
          src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
        />
      ) : (
        <span className="download-qr__code" />
      )}
      <span className="download-qr__platform">
        <UiIcon name="download" size={14} />
        {platform}
      </span>
    </a>
  );
}
