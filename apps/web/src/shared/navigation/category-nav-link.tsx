import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LARGE_DROPDOWN_ABOVE } from './category-paths.ts';
import type { CategoryNavItem } from './use-category-nav.ts';
import './category-nav-link.css';

/**
 * A category in the header with its vendors in a drop-down (spec 2.4: a large layout above 10); a
 * vendor in maintenance, or with no game that can be launched today (coming soon), says so.
 */
export function CategoryNavLink({
  item,
  className,
  wrapperClassName = '',
}: {
  item: CategoryNavItem;
  className: string;
  wrapperClassName?: string;
}) {
  const { t } = useTranslation();
  // The drop-down opens on hover and focus; once a vendor is chosen it closes even though the
  // pointer and the focus are still on it, until the pointer leaves (it covered the page's title).
  const [chosen, setChosen] = useState(false);
  const large = item.vendors.length > LARGE_DROPDOWN_ABOVE;
  // Slots take ?vassalage (spec 2.1); the other lists take it too.
  const vendorPath = (code: string) => `${item.listPath}?vassalage=${encodeURIComponent(code)}`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: these only reopen the drop-down; its links are the controls
    <div
      className={`category-nav${chosen ? ' category-nav--chosen' : ''}${wrapperClassName}`}
      onPointerLeave={() => setChosen(false)}
      onFocus={(event) => {
        // Keyboard focus coming back from outside opens it again.
        if (!event.currentTarget.contains(event.relatedTarget)) setChosen(false);
      }}
    >
      <NavLink to={item.path} className={className}>
        {t(item.labelKey)}
      </NavLink>
      {item.vendors.length > 0 ? (
        <div
          className={`category-nav__menu${large ? ' category-nav__menu--large' : ''}`}
          data-testid={`nav-menu-${item.path.slice(1)}`}
        >
          {item.vendors.map((vendor) => (
            <NavLink
              key={vendor.code}
              to={vendorPath(vendor.code)}
              className="category-nav__vendor"
              onClick={() => setChosen(true)}
            >
              {/* An empty src would make the browser fetch this page again as an image. */}
              {vendor.logoUrl ? (
                <img src={vendor.logoUrl} alt="" width={64} height={24} loading="lazy" />
              ) : null}
              <span>{vendor.name}</span>
              {vendor.status === 'MAINTENANCE' ? (
                <em>{t('games.maintenance')}</em>
              ) : vendor.launchableCount === 0 ? (
                <em data-testid="vendor-coming-soon">{t('games.comingSoonVendor')}</em>
              ) : null}
            </NavLink>
          ))}
        </div>
      ) : null}
    </div>
  );
}
