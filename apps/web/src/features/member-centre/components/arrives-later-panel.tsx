import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import type { MemberCentrePageId } from '../member-centre-menu.ts';

/** A member centre page that a later piece of work brings: what will be here, never pretend content. */
export function ArrivesLaterPanel({ page }: { page: MemberCentrePageId }) {
  const { t } = useTranslation();
  return (
    <div data-testid="arrives-later">
      <EmptyState title={t('empty.title')} text={t(`memberCentre.later.${page}`)} />
    </div>
  );
}
