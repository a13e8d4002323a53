import { type ComponentType, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { CountBadge } from '../../../shared/ui/count-badge.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { MEMBER_CENTRE_PAGES, type MemberCentrePageId, memberCentrePageOf } from '../member-centre-menu.ts';
import { ArrivesLaterPanel } from './arrives-later-panel.tsx';
import './member-centre.css';

export type MemberCentrePages = Partial<Record<MemberCentrePageId, ComponentType>>;
/** Spec 2.6: counts shown as red badges on their menu entries (messageV2, missionLeaderboard, rewardCenter). */
export type MemberCentreBadges = Partial<Record<MemberCentrePageId, number>>;

/**
 * The member centre of spec 2.6 and 4.10: the menu in the spec's order, the page `?page=` names
 * (security centre by default), the red count badges of spec 2.6 and a close button. Pages come from the caller, so this feature
 * never imports the features that draw them; a page nobody supplies says when it arrives.
 */
export function MemberCentre({
  pages,
  badges = {},
  onClose,
}: {
  pages: MemberCentrePages;
  badges?: MemberCentreBadges;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const active = memberCentrePageOf(search);
  const Page = pages[active];
  const menu = useRef<HTMLElement>(null);

  // On a phone the menu scrolls sideways: keep the active entry in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active page changes.
  useEffect(() => {
    const current = menu.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <section className="member-centre" data-testid="member-centre" aria-labelledby="member-centre-title">
      <header className="member-centre__header">
        <h1 id="member-centre-title" className="member-centre__title">
          <UiIcon name="user" size={22} />
          {t('memberCentre.title')}
        </h1>
        <button
          type="button"
          className="icon-button member-centre__close"
          aria-label={t('memberCentre.close')}
          data-testid="member-centre-close"
          onClick={onClose}
        >
          <UiIcon name="close" />
        </button>
      </header>
      <div className="member-centre__body">
        <nav ref={menu} className="member-centre__menu" aria-label={t('memberCentre.menu')}>
          {MEMBER_CENTRE_PAGES.map((id) => (
            <Link
              key={id}
              // Switching pages replaces the entry, so closing goes back to where the member came from.
              replace
              to={{ search: `?page=${id}` }}
              className="member-centre__entry"
              aria-current={id === active ? 'page' : undefined}
            >
              <span>{t(`memberCentre.pages.${id}`)}</span>
              <CountBadge
                count={badges[id] ?? 0}
                label={t('memberCentre.badge', { count: badges[id] ?? 0 })}
                testId={`member-centre-badge-${id}`}
              />
            </Link>
          ))}
        </nav>
        <div className="member-centre__page" data-page={active}>
          <h2 className="member-centre__page-title">{t(`memberCentre.pages.${active}`)}</h2>
          <Suspense fallback={<FullPageLoader label={t('startup.loading')} inline />}>
            {Page ? <Page /> : <ArrivesLaterPanel page={active} />}
          </Suspense>
        </div>
      </div>
    </section>
  );
}
