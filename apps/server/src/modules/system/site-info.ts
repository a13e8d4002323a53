import { LANGUAGE_NAMES, type LanguageCode } from '@fortuna/contracts/languages';
import {
  type CustomerServiceEntry,
  type RegisterFieldRule,
  type Resource,
  type SiteInfo,
  SiteInfoSchema,
  type WhitelabelNode,
} from '@fortuna/contracts/system';
import type { SiteConfigurationRows } from './system.store.ts';

type ModuleRow = SiteConfigurationRows['modules'][number];

/** Turns the flat module rows into the whitelabel tree of spec 3. */
export function buildModuleTree(rows: ModuleRow[]): WhitelabelNode[] {
  const childrenOf = new Map<string | null, ModuleRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentModId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentModId, siblings);
  }
  const build = (parent: string | null, seen: Set<string>): WhitelabelNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((row) => !seen.has(row.modId))
      .map((row) => ({
        modId: row.modId,
        enabled: row.enabled,
        childrenNodes: build(row.modId, new Set([...seen, row.modId])),
      }));
  return build(null, new Set());
}

/**
 * The public site information of the permission call, checked against the contract once when
 * the configuration is loaded, so a bad row is caught there and not on every request.
 */
export function buildSiteInfo(rows: SiteConfigurationRows): SiteInfo {
  const settings = rows.settings;
  if (!settings) throw new Error('site settings are missing: the database has not been seeded');
  return SiteInfoSchema.parse({
    brandName: settings.brandName,
    merchantCode: settings.merchantCode,
    currency: { code: settings.currencyCode, symbol: settings.currencySymbol },
    gmtOffset: settings.gmtOffset,
    languages: settings.languages.map((code) => ({
      code,
      name: LANGUAGE_NAMES[code as LanguageCode] ?? code,
    })),
    defaultLanguage: settings.defaultLanguage,
    customerService: rows.customerService.map(
      ({ csType, csPosition, title, path }) => ({ csType, csPosition, title, path }) as CustomerServiceEntry,
    ),
    domainRoute: rows.routes.map(({ domain, path }) => ({ domain, path })),
    resources: rows.resources.map(({ group, labelNameEn, url }) => ({ group, labelNameEn, url }) as Resource),
    whitelabel: buildModuleTree(rows.modules),
    registerFieldRules: rows.fieldRules.map(({ sort: _sort, ...rule }) => rule as RegisterFieldRule),
    mainDomain: settings.mainDomain,
    analytics: { gtagId: settings.gtagId },
    imageCDNs: settings.imageCdns,
    launchGameCDNs: settings.launchGameCdns,
    appDownloads: {
      ios: settings.appDownloadIos,
      android: settings.appDownloadAndroid,
      lite: settings.appDownloadLite,
    },
  });
}
