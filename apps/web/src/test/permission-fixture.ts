import type { Permission, WhitelabelNode } from '@fortuna/contracts/system';

/** A complete permission answer for component tests; override what a test is about. */
export function permissionFixture(overrides: Partial<Permission> = {}): Permission {
  return {
    info: {
      brandName: 'Fortuna',
      merchantCode: 'FORTUNA',
      currency: { code: 'PHP', symbol: '₱' },
      gmtOffset: '+08:00',
      languages: [
        { code: 'EN', name: 'English' },
        { code: 'TY', name: 'Tagalog' },
      ],
      defaultLanguage: 'EN',
      customerService: [
        { csType: 'LIVECHAT', csPosition: 'FLOAT', title: 'Live chat', path: 'https://chat.example' },
      ],
      domainRoute: [],
      resources: [{ group: 'FOOTER_VENDOR', labelNameEn: 'PG', url: '' }],
      whitelabel: [],
      registerFieldRules: [],
      mainDomain: 'localhost',
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
      appDownloads: {
        ios: 'https://apps.example/ios',
        android: 'https://apps.example/android',
        lite: 'https://apps.example/lite',
      },
    },
    location: { ip: '198.51.100.23', countryCode: null },
    maintenance: false,
    maintenanceUntil: null,
    regionRestriction: false,
    ...overrides,
  };
}

/** Whitelabel modules switched on, as the permission answer lists them (e.g. 'VERCODELOGIN3'). */
export function enabledModules(...modIds: string[]): WhitelabelNode[] {
  return modIds.map((modId) => ({ modId, enabled: '1', childrenNodes: [] }));
}

/** The permission answer with only these whitelabel modules on. */
export function permissionWithModules(...modIds: string[]): Permission {
  const permission = permissionFixture();
  permission.info.whitelabel = enabledModules(...modIds);
  return permission;
}
