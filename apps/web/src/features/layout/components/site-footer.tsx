import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { AgeBadge } from '../../../shared/art/age-badge.tsx';
import { BrandLogo } from '../../../shared/art/brand-logo.tsx';
import { VendorLogo } from '../../../shared/art/vendor-logo.tsx';
import { FeedbackButton } from './feedback-button.tsx';
import './site-footer.css';

/** Spec 2.5: vendor logos, help links, feedback, the 18+ notice and the legal disclaimer. */
export function SiteFooter() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const vendors = site.resources.filter((resource) => resource.group === 'FOOTER_VENDOR');
  const links = site.resources.filter((resource) => resource.group === 'FOOTER_LINK');
  const contact = site.customerService.filter((entry) => entry.csPosition === 'FOOTER');
  return (
    <footer className="site-footer" data-testid="site-footer">
      <section className="site-footer__vendors" aria-label={t('footer.providers')}>
        <h2 className="site-footer__heading">{t('footer.providers')}</h2>
        <ul>
          {vendors.map((vendor) => (
            <li key={vendor.labelNameEn}>
              <VendorLogo code={vendor.labelNameEn} height={30} />
            </li>
          ))}
        </ul>
      </section>
      <div className="site-footer__columns">
        <div className="site-footer__brand">
          <BrandLogo height={30} />
          <div className="site-footer__age">
            <AgeBadge size={38} />
            <p>{t('footer.ageNotice')}</p>
          </div>
        </div>
        <nav className="site-footer__links" aria-label={t('footer.help')}>
          <h2 className="site-footer__heading">{t('footer.help')}</h2>
          <ul>
            {links.map((link) => (
              <li key={link.labelNameEn}>
                <Link to={link.url}>
                  {t(`footer.links.${link.url.split('#')[1] ?? ''}`, { defaultValue: link.labelNameEn })}
                </Link>
              </li>
            ))}
            <li>
              <FeedbackButton />
            </li>
          </ul>
        </nav>
        {contact.length > 0 ? (
          <div className="site-footer__links">
            <h2 className="site-footer__heading">{t('footer.contact')}</h2>
            <ul>
              {contact.map((entry) => (
                <li key={entry.path}>
                  <a href={entry.path}>{entry.title}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <p className="site-footer__disclaimer">{t('footer.disclaimer')}</p>
      <p className="site-footer__copyright">
        {t('footer.copyright', { year: new Date().getFullYear(), brand: site.brandName })}
      </p>
    </footer>
  );
}
