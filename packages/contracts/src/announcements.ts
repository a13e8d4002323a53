import { z } from 'zod';
import { defineCall } from './call.ts';
import { ANNOUNCEMENT_PAGE_SIZE } from './constants.ts';
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

/** Spec 7.4: the announcements list; spec 2.8: the announcement popup it feeds. */
export const AnnouncementPaths = {
  list: '/wps/relay/MCSFE_getListAnnouncements',
  ...contentOpsPaths('announcements'),
} as const;

/** Spec 7.4: B bulletin, PL platform, PU payments, PR promotions, H holiday and events. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const AnnouncementTypeSchema = z.enum(ANNOUNCEMENT_TYPES);
export type AnnouncementType = z.infer<typeof AnnouncementTypeSchema>;

/** Spec 7.4: the platform the list is asked for; W is the web lobby. */
export const AnnouncementPlatformSchema = z.enum(['W']);

/**
 * Spec 2.8: an announcement that also pops up by itself: A for logged-in members, F for a member
 * on their first login, B for visitors. The server shows each only to its audience, in the
 * popup and in the list alike.
 */
export const POPUP_TYPES = ['A', 'F', 'B'] as const;
export const PopupTypeSchema = z.enum(POPUP_TYPES);
export type PopupType = z.infer<typeof PopupTypeSchema>;

/**
 * Who an announcement is for: MEMBERS read it in the lobby (agents too, as members), AGENTS only in
 * the agent centre (spec 2.7 agentAnnouncement, AgentPaths.announcements); the lobby never shows those.
 */
export const ANNOUNCEMENT_AUDIENCES = ['MEMBERS', 'AGENTS'] as const;
export const AnnouncementAudienceSchema = z.enum(ANNOUNCEMENT_AUDIENCES, {
  error: `must be one of ${ANNOUNCEMENT_AUDIENCES.join(', ')}`,
});
export type AnnouncementAudience = z.infer<typeof AnnouncementAudienceSchema>;

/** Spec 9: the popup's pager shows 5 page numbers around the current one and 1 at each end. */
export const ANNOUNCEMENT_PAGE_RANGE = 5;
export const ANNOUNCEMENT_MARGIN_PAGES = 1;
/** sessionStorage key prefix (then the audience, 'A' or 'B'): the member closed the popup this session. */
export const ANNOUNCEMENT_POPUP_CLOSED_KEY = 'announcementPopupClosed';

export const AnnouncementListQuerySchema = z.object({
  lang: LanguageCodeSchema,
  platform: AnnouncementPlatformSchema.default('W'),
  type: AnnouncementTypeSchema.optional(),
  /** true: only the popup announcements the caller is meant to see pop up. */
  popup: z.stringbool().default(false),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(ANNOUNCEMENT_PAGE_SIZE),
});
export type AnnouncementListQuery = z.input<typeof AnnouncementListQuerySchema>;

/** Spec 3: images with a sequence; sequence 1 is the cover. */
export const AnnouncementImageSchema = z.object({
  url: ImageUrlSchema,
  sequence: z.number().int().min(1).max(20),
});
export type AnnouncementImage = z.infer<typeof AnnouncementImageSchema>;

export const AnnouncementItemSchema = z.object({
  id: bigintId(),
  type: AnnouncementTypeSchema,
  popupType: PopupTypeSchema.nullable(),
  /** The language the title and content are in: the one asked for, or the default language. */
  lang: text(),
  title: text(),
  /** Sanitised HTML: formatting, https and mailto links, https images. */
  content: text(),
  images: z.array(AnnouncementImageSchema),
  /** When it took effect: the start of its window, or when it was published. */
  publishedAt: text(),
});
export type AnnouncementItem = z.infer<typeof AnnouncementItemSchema>;

export const AnnouncementPageSchema = z.object({
  list: z.array(AnnouncementItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AnnouncementPage = z.infer<typeof AnnouncementPageSchema>;
export const AnnouncementListResponseSchema = envelopeOf(AnnouncementPageSchema);

export const AnnouncementTextSchema = z.object({
  lang: LanguageCodeSchema,
  title: plainText().trim().min(1).max(200),
  /** HTML; cleaned when written and again when read. */
  content: text().max(20_000),
});

/** What an operator writes: the announcement, its texts, images and window. */
export const AnnouncementInputSchema = z
  .object({
    type: AnnouncementTypeSchema,
    popupType: PopupTypeSchema.nullable().default(null),
    audience: AnnouncementAudienceSchema.default('MEMBERS'),
    platform: AnnouncementPlatformSchema.default('W'),
    texts: textsOf(AnnouncementTextSchema),
    images: z
      .array(AnnouncementImageSchema)
      .max(10)
      .default([])
      .refine((images) => new Set(images.map((image) => image.sequence)).size === images.length, {
        message: 'each sequence may appear once',
      }),
    ...publishWindowShape,
  })
  .refine(...windowInOrder)
  // The popup is the lobby's; the agent centre lists its announcements without one.
  .refine((input) => input.audience !== 'AGENTS' || input.popupType === null, {
    path: ['popupType'],
    message: 'must be null for an announcement to agents',
  });
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

export const OpsAnnouncementSchema = ContentLifecycleSchema.extend({
  type: AnnouncementTypeSchema,
  popupType: PopupTypeSchema.nullable(),
  audience: AnnouncementAudienceSchema,
  platform: AnnouncementPlatformSchema,
  texts: z.array(AnnouncementTextSchema),
  images: z.array(AnnouncementImageSchema),
});
export type OpsAnnouncement = z.infer<typeof OpsAnnouncementSchema>;
export const OpsAnnouncementResponseSchema = envelopeOf(OpsAnnouncementSchema);
export const OpsAnnouncementListResponseSchema = envelopeOf(z.array(OpsAnnouncementSchema));

export const AnnouncementCalls = {
  list: defineCall({
    method: 'GET',
    path: AnnouncementPaths.list,
    query: AnnouncementListQuerySchema,
    response: AnnouncementListResponseSchema,
  }),
};
