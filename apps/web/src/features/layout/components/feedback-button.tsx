import { useTranslation } from 'react-i18next';
import { usePopups } from '../../../shared/state/popups.ts';

/** The footer's feedback link (spec 2.5): opens the feedback dialog of spec 2.11 for anyone. */
export function FeedbackButton() {
  const { t } = useTranslation();
  const show = usePopups((state) => state.show);
  return (
    <button
      type="button"
      className="site-footer__link-button"
      onClick={() => show('feedback')}
      data-testid="feedback-button"
    >
      {t('footer.feedback')}
    </button>
  );
}
