import { useEffect, useState } from 'react';

/**
 * A QR code of `text` drawn here in the browser (the encoder loads only when one is shown), as an
 * image; a blank square of the same size until it is ready.
 */
export function QrImage({ text, size, className }: { text: string; size: number; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then((qr) =>
      qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => {
        if (!cancelled) setSvg(markup);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [text]);
  return svg ? (
    <img
      className={className}
      alt=""
      width={size}
      height={size}
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      data-testid="qr-image"
    />
  ) : (
    <span className={className} />
  );
}
