import type { FeatureFlag } from '@fortuna/contracts/feature-flags';
import { PATTERN_SOURCES } from '@fortuna/contracts/patterns';
import type { RegisterFieldRule } from '@fortuna/contracts/system';

/** The demo brand: a Philippine-facing lobby in English and Tagalog. */
export const demoSiteSettings = {
  id: 1,
  brandName: 'Fortuna',
  merchantCode: 'FORTUNA',
  currencyCode: 'PHP',
  currencySymbol: '₱',
  gmtOffset: '+08:00',
  languages: ['EN', 'TY'],
  defaultLanguage: 'EN',
  mainDomain: 'localhost',
  gtagId: null,
  imageCdns: ['/'],
  launchGameCdns: ['/'],
  // No app is published for the demo brand: an empty link hides the download offers rather than
  // leading to a dead address (issue 19). An operator sets the real ones in the site settings.
  appDownloadIos: '',
  appDownloadAndroid: '',
  appDownloadLite: '',
  maintenanceEnabled: false,
};

type ModuleSeed = {
  modId: string;
  enabled: '1' | '0';
  children?: { modId: FeatureFlag; enabled: '1' | '0' }[];
};

/** Feature flags grouped under parent modules; a parent switched off switches its children off. */
export const demoModules: ModuleSeed[] = [
  {
    modId: 'REGISTER3',
    enabled: '1',
    children: [
      { modId: 'USERNAMEREG3', enabled: '1' },
      { modId: 'MOBILENUMREG3', enabled: '0' },
      { modId: 'MOBILENUMPASSREG3', enabled: '0' },
      { modId: 'REGMOBVERF3', enabled: '0' },
    ],
  },
  {
    modId: 'LOGIN3',
    enabled: '1',
    children: [
      { modId: 'VERCODELOGIN3', enabled: '1' },
      { modId: 'FREEPLAY3', enabled: '1' },
      { modId: 'GOOGLELOGIN3', enabled: '0' },
      { modId: 'FBLOGIN3', enabled: '0' },
    ],
  },
  {
    modId: 'SECURITY3',
    enabled: '1',
    children: [
      { modId: 'FORCECHGPWD3', enabled: '1' },
      { modId: 'PWDEXPIRY3', enabled: '0' },
      { modId: 'CHNGPASSVERIF3', enabled: '0' },
      { modId: 'PHONEVERSVC3', enabled: '0' },
    ],
  },
  {
    modId: 'PROMO3',
    enabled: '1',
    children: [
      { modId: 'PTSYS3', enabled: '1' },
      { modId: 'MANPLAYREB3', enabled: '0' },
    ],
  },
  {
    modId: 'AGENT3',
    enabled: '1',
    children: [
      { modId: 'AGENTPOLICY3', enabled: '1' },
      // The contract types the brand offers its agents; each also needs AGENTPOLICY3 (ADR 037).
      { modId: 'CTDIVIDEND3', enabled: '1' },
      { modId: 'CTDAILYSALARY3', enabled: '1' },
      { modId: 'CTHOURSALARY3', enabled: '1' },
      { modId: 'CTRTSALARY3', enabled: '1' },
    ],
  },
];

const rule = (
  field: RegisterFieldRule['field'],
  enabled: boolean,
  required: boolean,
  patternId: RegisterFieldRule['patternId'],
  minLength: number,
  maxLength: number,
  type: RegisterFieldRule['type'] = 'text',
): RegisterFieldRule => ({
  field,
  enabled,
  required,
  patternId,
  acceptedPattern: PATTERN_SOURCES[patternId],
  minLength,
  maxLength,
  type,
});

/** Registration asks for little by default; operators switch more fields on. */
export const demoRegisterFieldRules: RegisterFieldRule[] = [
  rule('username', true, true, '1', 6, 16),
  rule('password', true, true, '*', 8, 64, 'password'),
  rule('confirmPassword', true, true, '*', 8, 64, 'password'),
  rule('mobileNum', true, false, '6', 7, 15, 'tel'),
  rule('email', true, false, '3', 6, 100, 'email'),
  rule('payeeName', false, false, '21', 3, 60),
  rule('paymentPassword', false, false, '6', 6, 6, 'password'),
  rule('qqNum', false, false, '6', 5, 12),
  rule('line', false, false, '9', 3, 40),
  rule('whatsapp', false, false, '6', 7, 15, 'tel'),
  rule('facebook', false, false, '9', 3, 60),
  rule('wechat', false, false, '9', 3, 40),
  rule('idNumber', false, false, '4', 6, 30),
  rule('recommenderId', false, false, '4', 4, 20),
  rule('affiliateCode', true, false, '4', 4, 20),
  rule('captcha', true, true, '4', 4, 6),
  rule('verificationCode', false, false, '6', 6, 6),
];

// The demo brand's support lines: only addresses that exist are listed (no placeholder chat or
// mail address that leads nowhere); a position with none shows no support entry.
export const demoCustomerService = [
  { csType: 'TELEGRAM', csPosition: 'FLOAT', title: 'Telegram', path: 'https://t.me/fortuna_support' },
  { csType: 'WHATSAPP', csPosition: 'FLOAT', title: 'WhatsApp', path: 'https://wa.me/639170000000' },
  { csType: 'TELEGRAM', csPosition: 'SIDE_MENU', title: 'Telegram', path: 'https://t.me/fortuna_support' },
  { csType: 'MESSENGER', csPosition: 'SIDE_MENU', title: 'Messenger', path: 'https://m.me/fortuna.support' },
  { csType: 'TELEGRAM', csPosition: 'STATUS_PAGE', title: 'Telegram', path: 'https://t.me/fortuna_support' },
].map((entry, sort) => ({ ...entry, sort }));

export const demoResources = [
  ...['PG', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'].map((code) => ({
    group: 'FOOTER_VENDOR',
    labelNameEn: code,
    url: '',
  })),
  { group: 'FOOTER_LINK', labelNameEn: 'About us', url: '/help#about' },
  { group: 'FOOTER_LINK', labelNameEn: 'Terms and conditions', url: '/help#term' },
  { group: 'FOOTER_LINK', labelNameEn: 'Privacy policy', url: '/help#privacy' },
  { group: 'FOOTER_LINK', labelNameEn: 'Responsible gaming', url: '/help#responsible' },
  { group: 'FOOTER_LINK', labelNameEn: 'FAQ', url: '/help#faq' },
].map((resource, sort) => ({ ...resource, sort }));

export const demoDomainRoutes = [{ domain: 'agent.localhost', path: '/agent' }];
