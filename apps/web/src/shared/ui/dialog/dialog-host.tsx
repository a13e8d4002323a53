import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../safe-html.tsx';
import { DialogFrame } from './dialog-frame.tsx';
import { useDialogs } from './dialog-store.ts';

/** Renders every dialog opened with openDialog(), newest on top. */
export function DialogHost() {
  const dialogs = useDialogs((state) => state.dialogs);
  const close = useDialogs((state) => state.close);
  const { t } = useTranslation();
  return dialogs.map(({ id, options }) => {
    const { html, body, buttons, onClose, ...frame } = options;
    const dismiss = () => {
      close(id);
      onClose?.();
    };
    return (
      <DialogFrame
        key={id}
        {...frame}
        onClose={dismiss}
        footer={
          buttons && buttons.length > 0
            ? buttons.map((button) => (
                <button
                  key={button.labelKey}
                  type="button"
                  className={`button button--${button.variant ?? 'gold'}`}
                  onClick={() => {
                    button.onClick?.();
                    dismiss();
                  }}
                >
                  {t(button.labelKey)}
                </button>
              ))
            : undefined
        }
      >
        {html ? <SafeHtml html={html} /> : body}
      </DialogFrame>
    );
  });
}
