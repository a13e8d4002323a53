import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `text` for pasting into a chat; says "Copied" once it is on the clipboard. */
export function CopyButton({
  text,
  label,
  className = 'invitation__copy',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, an insecure page): the text stays on screen to select by hand.
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      className={`button button--ghost ${className}`}
      aria-label={label}
      onClick={() => void copy()}
    >
      {copied ? t('agent.copied') : t('agent.copy')}
    </button>
  );
}
