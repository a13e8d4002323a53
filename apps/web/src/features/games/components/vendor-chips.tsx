import type { LobbyVendor } from '@fortuna/contracts/games';
import { useTranslation } from 'react-i18next';

/**
 * The wall's vendor chips: All and each vendor with how many games it lists; a vendor in
 * maintenance or with no game that can be launched today says so.
 */
export function VendorChips({
  vendors,
  selected,
  onSelect,
}: {
  vendors: LobbyVendor[];
  selected: string | undefined;
  onSelect: (code: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const total = vendors.reduce((sum, vendor) => sum + vendor.gameCount, 0);
  const note = (vendor: LobbyVendor) =>
    vendor.status === 'MAINTENANCE'
      ? t('games.maintenance')
      : vendor.launchableCount === 0
        ? t('games.comingSoonVendor')
        : null;
  return (
    <div className="vendor-tabs" role="tablist" aria-label={t('games.vendors')} data-testid="vendor-chips">
      <button
        type="button"
        role="tab"
        aria-selected={!selected}
        className="vendor-tabs__tab"
        onClick={() => onSelect(undefined)}
      >
        {t('games.allVendors')} <span className="vendor-tabs__count">{total}</span>
      </button>
      {vendors.map((vendor) => {
        const marked = note(vendor);
        return (
          <button
            key={vendor.code}
            type="button"
            role="tab"
            aria-selected={selected === vendor.code}
            className={`vendor-tabs__tab${marked ? ' vendor-tabs__tab--muted' : ''}`}
            data-vendor={vendor.code}
            onClick={() => onSelect(vendor.code)}
          >
            {vendor.name} <span className="vendor-tabs__count">{vendor.gameCount}</span>
            {marked ? <em className="vendor-tabs__note">{marked}</em> : null}
          </button>
        );
      })}
    </div>
  );
}
