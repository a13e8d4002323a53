import { useTranslation } from 'react-i18next';
import { useBanners } from '../api/get-banners.ts';
import { BannerCarousel } from './banner-carousel.tsx';

/** The w_home banners; the carousel's space is held while they load (no layout shift). */
export function HomeBanners() {
  const { t, i18n } = useTranslation();
  const banners = useBanners('w_home', i18n.language);
  if (banners.isPending) {
    return <div className="banner-carousel banner-carousel--loading" aria-hidden="true" />;
  }
  if (!banners.data || banners.data.length === 0) return null;
  return <BannerCarousel banners={banners.data} label={t('banners.label')} />;
}
