import { type ComponentType, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConsolidatedContracts } from '../../../shared/api/consolidated-contracts.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { BrandLogo } from '../../../shared/art/brand-logo.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { useLogout } from '../../../shared/session/use-logout.ts';
import { CountBadge } from '../../../shared/ui/count-badge.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import {
  type AgentCentrePageId,
  agentCentrePageOf,
  CONTRACT_PAGE_TYPES,
  shownAgentCentrePages,
} from '../agent-centre-menu.ts';
import { AgentClock } from './agent-clock.tsx';
import './agent-centre.css';

export type AgentCentrePages = Record<AgentCentrePageId, ComponentType>;
export type AgentCentreBadges = Partial<Record<AgentCentrePageId, number>>;

/**
 * /agentHome of spec 2.7 in the bare layout: a header with the site's GMT offset, a clock ticking
 * every second, the agent's nickname, the language and sign out; the menu in the spec's order and
 * the page `?page=` names (team overview by default). The contract pages are listed for the types
 * the brand enables (the consolidated contract call). The app hands in every page and the
 * language picker, so this feature never imports the features that draw the member pages.
 */
export function AgentCentre({
  pages,
  badges = {},
  languagePicker,
}: {
  pages: AgentCentrePages;
  badges?: AgentCentreBadges;
  languagePicker: ReactNode;
}) {
  const { t } = useTranslation();
  const { gmtOffset } = useSiteInfo();
  const member = useSession((state) => state.memberInfo);
  const logout = useLogout();
  const [search] = useSearchParams();
  const contracts = useConsolidatedContracts(true);
  const shown = shownAgentCentrePages(contracts.data?.enabledTypes ?? []);
  // A contract page asked for by its address waits for the enabled types instead of falling back.
  const waiting = contracts.isPending && (search.get('page') ?? '') in CONTRACT_PAGE_TYPES;
  const active = agentCentrePageOf(search, shown);
  const Page = pages[active];
  const menu = useRef<HTMLElement>(null);

  // On a phone the menu scrolls sideways: keep the active entry in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active page changes.
  useEffect(() => {
    const current = menu.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <div className="agent-centre" data-testid="agent-centre">
      <header className="agent-centre__header">
        <Link to="/" className="agent-centre__brand" aria-label={t('agent.backToLobby')}>
          <BrandLogo height={30} />
        </Link>
        <h1 className="agent-centre__title">{t('agent.centreTitle')}</h1>
        <AgentClock gmtOffset={gmtOffset} />
        <div className="agent-centre__account">
          <span className="agent-centre__nickname" data-testid="agent-nickname">
            {member?.nickname || member?.account}
          </span>
          {languagePicker}
          <button type="button" className="button button--ghost" onClick={logout}>
            {t('header.signOut')}
          </button>
        </div>
      </header>
      <div className="agent-centre__body">
        <nav ref={menu} className="agent-centre__menu" aria-label={t('agent.menu')}>
          {shown.map((id) => (
            <Link
              key={id}
              replace
              to={{ search: `?page=${id}` }}
              className="agent-centre__entry"
              aria-current={id === active ? 'page' : undefined}
            >
              <span>{t(`agent.pages.${id}`)}</span>
              <CountBadge
                count={badges[id] ?? 0}
                label={t('memberCentre.badge', { count: badges[id] ?? 0 })}
              />
            </Link>
          ))}
        </nav>
        <main className="agent-centre__page" data-page={active}>
          {waiting ? (
            <FullPageLoader label={t('startup.loading')} inline />
          ) : (
            <>
              <h2 className="agent-centre__page-title">{t(`agent.pages.${active}`)}</h2>
              <Suspense fallback={<FullPageLoader label={t('startup.loading')} inline />}>
                <Page />
              </Suspense>
            </>
          )}
        </main>
      </div>
    </div>
  );
}
