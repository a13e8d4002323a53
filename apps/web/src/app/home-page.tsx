import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HomeGameRows } from '../features/games/components/home-game-rows.tsx';
import { CategoryShortcuts } from '../features/home/components/category-shortcuts.tsx';
import { HomeBanners } from '../features/home/components/home-banners.tsx';
import { NoticeMarquee } from '../features/home/components/notice-marquee.tsx';
import heroArt from '../shared/art/hero-art.svg?raw';
import { useSession } from '../shared/session/session-store.ts';
import { useRequireRealAccount } from '../shared/session/use-require-real-account.ts';
import { usePopups } from '../shared/state/popups.ts';
import './home-page.css';

/** Home (spec 2.1): the notice marquee, the w_home banners, then the lobby: hot games, the winner board and the game rows. */
export function HomePage() {
  const { t } = useTranslation();
  const isLogin = useSession((state) => state.isLogin);
  const showPopup = usePopups((state) => state.show);
  const requireRealAccount = useRequireRealAccount();
  const navigate = useNavigate();
  return (
    <div className="home">
      <div className="home__top">
        <NoticeMarquee />
        <HomeBanners />
      </div>
      <section className="home-hero">
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">{t('home.heroEyebrow')}</p>
          <h1 className="home-hero__title">{t('home.heroTitle')}</h1>
          <p className="home-hero__text">{t('home.heroText')}</p>
          {isLogin ? (
            <div className="home-hero__actions">
              {/* Playing needs a real account: a trial user is told so instead (spec 4.3). */}
              <button
                type="button"
                className="button button--gold"
                data-testid="home-play"
                onClick={() => requireRealAccount(() => void navigate('/rng'))}
              >
                {t('home.playNow')}
              </button>
            </div>
          ) : (
            <div className="home-hero__actions">
              <button type="button" className="button button--gold" onClick={() => showPopup('register')}>
                {t('home.joinNow')}
              </button>
              <button
                type="button"
                className="button button--ghost home-hero__login"
                onClick={() => showPopup('login')}
              >
                {t('header.login')}
              </button>
            </div>
          )}
        </div>
        {/* HeroArt's markup, written ahead (build/hero-art-file.tsx): the browser parses its ~420
            shapes at once instead of the lobby's first render building each one. Our own file. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a file of this repository, not user content */}
        <div className="home-hero__art" dangerouslySetInnerHTML={{ __html: heroArt }} />
      </section>
      <CategoryShortcuts />
      <HomeGameRows />
    </div>
  );
}
