import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { launchGame } from '../api/games.ts';
import './seamless-page.css';

/** /seamless?nodeId=…[&demo=1] (spec 2.1): a launched game on a page of its own, without the side menu. */
export function SeamlessPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const nodeId = params.get('nodeId') ?? '';
  const isLogin = useSession((state) => state.isLogin);
  const demo = params.get('demo') === '1' || !isLogin;
  const launch = useQuery({
    queryKey: ['games', 'seamless', nodeId, demo, i18n.language],
    queryFn: () => launchGame(nodeId, i18n.language, demo),
    enabled: /^\d+$/.test(nodeId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!/^\d+$/.test(nodeId) || launch.isError) {
    const code = launch.error instanceof ApiError ? launch.error.code : 'GAME_NOT_FOUND';
    return (
      <EmptyState
        title={t('games.cannotOpen')}
        text={t(`errorCodes.${code}`, { defaultValue: t('games.cannotOpenText') })}
        action={
          <Link className="button button--gold" to="/">
            {t('pages.backHome')}
          </Link>
        }
      />
    );
  }
  if (!launch.data) return <FullPageLoader label={t('games.opening')} inline />;
  return (
    <div className="seamless-page">
      <iframe
        className="seamless-page__frame"
        src={launch.data.url}
        title={launch.data.gameName}
        allow="autoplay; fullscreen"
        data-testid="seamless-iframe"
      />
    </div>
  );
}
