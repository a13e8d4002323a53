import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { asTextId, text } from './input-guard.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { PATTERN_IDS } from './patterns.ts';

/** Paths of the system calls (spec 7.1). The permission call is unnamed there; we name it here. */
export const SystemPaths = {
  status: '/wps/system/status',
  permission: '/wps/system/permission',
  whitelabel: '/wps/system/whitelabel',
  registerSettings: '/wps/system/setting/register',
  domainRoute: '/wps/system/domainRoute',
  helpCenter: '/wps/system/helpCenter',
} as const;

/** Spec 4.1: maintenance wins over region restriction. */
export const SystemStatus = { NORMAL: 0, MAINTENANCE: 1, RESTRICTED: 2 } as const;
export const SystemStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusValue = z.infer<typeof SystemStatusSchema>;

export const LanguageCodeSchema = z.enum(LANGUAGE_CODES as [string, ...string[]]);

export interface WhitelabelNode {
  modId: string;
  /** '1' is on, anything else is off (spec 3). */
  enabled: string;
  childrenNodes: WhitelabelNode[];
}
export const WhitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: asTextId(text()),
    enabled: text(),
    childrenNodes: z.array(WhitelabelNodeSchema),
  }),
);

/** A module is on when it and every ancestor are enabled; an unknown module is off. */
export function isModuleEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.enabled !== '1') continue;
    if (node.modId === modId) return true;
    if (isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}

export const CustomerServiceTypeSchema = z.enum([
  'LIVECHAT',
  'TELEGRAM',
  'WHATSAPP',
  'MESSENGER',
  'LINE',
  'EMAIL',
]);
/** Where an entry shows: side menu, the floating widget, the footer, the maintenance and restricted pages. */
export const CustomerServicePositionSchema = z.enum(['SIDE_MENU', 'FLOAT', 'FOOTER', 'STATUS_PAGE']);
export const CustomerServiceEntrySchema = z.object({
  csType: CustomerServiceTypeSchema,
  csPosition: CustomerServicePositionSchema,
  title: text(),
  path: text().describe('where the entry leads: an https:// or mailto: address'),
});
export type CustomerServiceEntry = z.infer<typeof CustomerServiceEntrySchema>;

/** Resource of spec 3 (labelNameEn, url), grouped by where the lobby shows it. */
export const ResourceGroupSchema = z.enum(['FOOTER_VENDOR', 'FOOTER_LINK', 'LEGAL']);
export const ResourceSchema = z.object({
  group: ResourceGroupSchema,
  labelNameEn: text(),
  url: text(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const DomainRouteSchema = z.object({
  domain: text().describe('host name the visitor opened, e.g. agent.fortuna.example'),
  path: text().describe('web route to open on that host'),
});
export type DomainRoute = z.infer<typeof DomainRouteSchema>;

export const RegisterFieldNameSchema = z.enum([
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
]);
export type RegisterFieldName = z.infer<typeof RegisterFieldNameSchema>;

/** The optional profile fields of a registration, whichever way one registers (spec 2.10). */
export const REGISTER_PROFILE_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'recommenderId',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const satisfies readonly RegisterFieldName[];

export const RegisterFieldRuleSchema = z.object({
  field: RegisterFieldNameSchema,
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z.enum(PATTERN_IDS),
  acceptedPattern: text().describe("regular expression source, or '*' for anything"),
  minLength: z.number().int().nonnegative(),
  maxLength: z.number().int().positive(),
  type: z.enum(['text', 'password', 'email', 'tel', 'date']),
});
export type RegisterFieldRule = z.infer<typeof RegisterFieldRuleSchema>;

export const LanguageOptionSchema = z.object({ code: LanguageCodeSchema, name: text() });

export const AppDownloadsSchema = z.object({
  ios: text(),
  android: text(),
  lite: text(),
});

/** The whole public site configuration (spec 3, permission `info`). */
export const SiteInfoSchema = z.object({
  brandName: text(),
  merchantCode: text(),
  currency: z.object({ code: text(), symbol: text() }),
  gmtOffset: text().describe('e.g. "+08:00"'),
  languages: z.array(LanguageOptionSchema),
  defaultLanguage: LanguageCodeSchema,
  customerService: z.array(CustomerServiceEntrySchema),
  domainRoute: z.array(DomainRouteSchema),
  resources: z.array(ResourceSchema),
  whitelabel: z.array(WhitelabelNodeSchema),
  registerFieldRules: z.array(RegisterFieldRuleSchema),
  mainDomain: text(),
  analytics: z.object({ gtagId: asTextId(text()).nullable() }),
  imageCDNs: z.array(text()),
  launchGameCDNs: z.array(text()),
  appDownloads: AppDownloadsSchema,
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

export const LocationSchema = z.object({
  ip: text(),
  countryCode: text().nullable().describe('ISO 3166 alpha-2 when a GeoIP database is configured'),
});

export const PermissionSchema = z.object({
  info: SiteInfoSchema,
  location: LocationSchema,
  maintenance: z.boolean(),
  /** End of the current maintenance window, when one is scheduled (ISO 8601). */
  maintenanceUntil: text().nullable(),
  regionRestriction: z.boolean(),
});
export type Permission = z.infer<typeof PermissionSchema>;

export const WhitelabelValueSchema = z.array(WhitelabelNodeSchema);
export const RegisterSettingsValueSchema = z.array(RegisterFieldRuleSchema);
export const DomainRouteValueSchema = z.array(DomainRouteSchema);

export const HelpCenterDeviceSchema = z.enum(['WEB', 'MOBILE']);
export const HelpCenterQuerySchema = z.object({
  lang: LanguageCodeSchema,
  device: HelpCenterDeviceSchema,
});
export const HelpArticleSchema = z.object({
  id: asTextId(text()),
  title: text(),
  /** Sanitised HTML: safe to render. */
  contentHtml: text(),
});
export const HelpCategorySchema = z.object({
  id: asTextId(text().describe('anchor, e.g. "term" for the terms and conditions')),
  title: text(),
  articles: z.array(HelpArticleSchema),
});
export type HelpCategory = z.infer<typeof HelpCategorySchema>;
export const HelpCenterValueSchema = z.array(HelpCategorySchema);

export const StatusResponseSchema = envelopeOf(SystemStatusSchema);
export const PermissionResponseSchema = envelopeOf(PermissionSchema);
export const WhitelabelResponseSchema = envelopeOf(WhitelabelValueSchema);
export const RegisterSettingsResponseSchema = envelopeOf(RegisterSettingsValueSchema);
export const DomainRouteResponseSchema = envelopeOf(DomainRouteValueSchema);
export const HelpCenterResponseSchema = envelopeOf(HelpCenterValueSchema);

export const SystemCalls = {
  status: defineCall({ method: 'GET', path: SystemPaths.status, response: StatusResponseSchema }),
  permission: defineCall({ method: 'GET', path: SystemPaths.permission, response: PermissionResponseSchema }),
  whitelabel: defineCall({ method: 'GET', path: SystemPaths.whitelabel, response: WhitelabelResponseSchema }),
  registerSettings: defineCall({
    method: 'GET',
    path: SystemPaths.registerSettings,
    response: RegisterSettingsResponseSchema,
  }),
  domainRoute: defineCall({
    method: 'GET',
    path: SystemPaths.domainRoute,
    response: DomainRouteResponseSchema,
  }),
  helpCenter: defineCall({
    method: 'GET',
    path: SystemPaths.helpCenter,
    query: HelpCenterQuerySchema,
    response: HelpCenterResponseSchema,
  }),
};
