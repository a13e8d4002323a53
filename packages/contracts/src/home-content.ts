import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  ContentLifecycleSchema,
  contentOpsPaths,
  ImageUrlSchema,
  publishWindowShape,
  textsOf,
  windowInOrder,
} from './content.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { LanguageCodeSchema } from './system.ts';

/**
 * The home page's notice marquee and the banner carousels (spec 2.1, 2.5, 3 public state).
 * Spec 7.4 names the home endpoints without paths; these follow the /wps style.
 */
export const NoticePaths = { list: '/wps/home/notice', ...contentOpsPaths('notices') } as const;
export const BannerPaths = { list: '/wps/home/banners', ...contentOpsPaths('banners') } as const;

export const NoticeQuerySchema = z.object({ lang: LanguageCodeSchema });

/** Spec 3: notice list (id, title); a notice may lead to the announcement it is about. */
export const NoticeItemSchema = z.object({
  id: bigintId(),
  title: text(),
  announcementId: bigintId().nullable(),
});
export type NoticeItem = z.infer<typeof NoticeItemSchema>;
export const NoticeListResponseSchema = envelopeOf(z.array(NoticeItemSchema));

const sequence = z.number().int().min(1).max(1000);
const numericId = bigintId('a numeric id');

export const NoticeInputSchema = z
  .object({
    texts: textsOf(z.object({ lang: LanguageCodeSchema, title: plainText().trim().min(1).max(300) })),
    announcementId: numericId.nullable().default(null),
    sequence: sequence.default(1),
    ...publishWindowShape,
  })
  .refine(...windowInOrder);
export type NoticeInput = z.input<typeof NoticeInputSchema>;

export const OpsNoticeSchema = ContentLifecycleSchema.extend({
  texts: z.array(z.object({ lang: text(), title: text() })),
  announcementId: bigintId().nullable(),
  sequence: z.number().int(),
});
export type OpsNotice = z.infer<typeof OpsNoticeSchema>;
export const OpsNoticeResponseSchema = envelopeOf(OpsNoticeSchema);
export const OpsNoticeListResponseSchema = envelopeOf(z.array(OpsNoticeSchema));

/** Spec 3: the banner groups of the public state. */
export const BANNER_GROUPS = ['w_home', 'w_register', 'w_leftmenu', 'w_login', 'w_forget'] as const;
export const BannerGroupSchema = z.enum(BANNER_GROUPS);
export type BannerGroup = z.infer<typeof BannerGroupSchema>;

/**
 * Spec 2.5: a banner is clickable when it has a linkageType. GAME: a game code; PROMOTION: a
 * promotion id; PAGE: a lobby path ('/promotions'); EXTERNAL: an https address.
 */
export const LINKAGE_TYPES = ['GAME', 'PROMOTION', 'PAGE', 'EXTERNAL'] as const;
export const LinkageTypeSchema = z.enum(LINKAGE_TYPES);
export type LinkageType = z.infer<typeof LinkageTypeSchema>;

const LINKAGE_TARGET_RULES: Record<LinkageType, { pattern: RegExp; message: string }> = {
  GAME: { pattern: /^[A-Za-z0-9_.:-]{1,100}$/, message: 'a game code: letters, digits, _ . : -' },
  PROMOTION: { pattern: /^[A-Za-z0-9_-]{1,100}$/, message: 'a promotion id: letters, digits, _ -' },
  PAGE: { pattern: /^\/(?!\/)[A-Za-z0-9/_?=&.#-]{0,200}$/, message: 'a lobby path starting with /' },
  EXTERNAL: { pattern: /^https:\/\/[^\s"'<>]{3,500}$/i, message: 'an https:// address' },
};

/** Whether a banner's target fits its linkage type (null type: no target). */
export function linkageTargetProblem(type: LinkageType | null, target: string | null): string | null {
  if (type === null) return target === null ? null : 'must be empty without a linkageType';
  if (target === null) return 'is required with a linkageType';
  const rule = LINKAGE_TARGET_RULES[type];
  return rule.pattern.test(target) ? null : `must be ${rule.message}`;
}

export const BannerQuerySchema = z.object({ lang: LanguageCodeSchema, group: BannerGroupSchema });

export const BannerItemSchema = z.object({
  id: bigintId(),
  group: BannerGroupSchema,
  imageUrl: text(),
  alt: text(),
  title: text(),
  sequence: z.number().int(),
  linkageType: LinkageTypeSchema.nullable(),
  linkageTarget: text().nullable(),
});
export type BannerItem = z.infer<typeof BannerItemSchema>;
export const BannerListResponseSchema = envelopeOf(z.array(BannerItemSchema));

export const BannerTextSchema = z.object({
  lang: LanguageCodeSchema,
  alt: plainText().trim().min(1).max(200),
  title: plainText().trim().max(200).default(''),
});

export const BannerInputSchema = z
  .object({
    group: BannerGroupSchema,
    imageUrl: ImageUrlSchema,
    texts: textsOf(BannerTextSchema),
    sequence: sequence.default(1),
    linkageType: LinkageTypeSchema.nullable().default(null),
    linkageTarget: text().trim().max(500).nullable().default(null),
    ...publishWindowShape,
  })
  .refine(...windowInOrder)
  .superRefine((banner, context) => {
    const problem = linkageTargetProblem(banner.linkageType, banner.linkageTarget);
    if (problem) context.addIssue({ code: 'custom', path: ['linkageTarget'], message: problem });
  });
export type BannerInput = z.input<typeof BannerInputSchema>;

export const OpsBannerSchema = ContentLifecycleSchema.extend({
  group: BannerGroupSchema,
  imageUrl: text(),
  texts: z.array(z.object({ lang: text(), alt: text(), title: text() })),
  sequence: z.number().int(),
  linkageType: LinkageTypeSchema.nullable(),
  linkageTarget: text().nullable(),
});
export type OpsBanner = z.infer<typeof OpsBannerSchema>;
export const OpsBannerResponseSchema = envelopeOf(OpsBannerSchema);
export const OpsBannerListResponseSchema = envelopeOf(z.array(OpsBannerSchema));

export const HomeContentCalls = {
  notices: defineCall({
    method: 'GET',
    path: NoticePaths.list,
    query: NoticeQuerySchema,
    response: NoticeListResponseSchema,
  }),
  banners: defineCall({
    method: 'GET',
    path: BannerPaths.list,
    query: BannerQuerySchema,
    response: BannerListResponseSchema,
  }),
};
