import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { IMAGE_UPLOAD_FIELD, IMAGE_UPLOAD_RULE } from './image-uploads.ts';
import { bigintId, text } from './input-guard.ts';
import { plainText } from './plain-text.ts';
import { PromotionParamsSchema } from './promotions.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Applications to MANUAL_APPLICATION promotions (spec 3 activity application, 5; ADR 058, 065):
 * the member sends a comment and up to three png or jpg images; an operator approves (the bonus
 * is granted through the claim's grant) or rejects with a note the member reads.
 */
export const PromotionApplicationPaths = {
  /** multipart/form-data: the text part `comment` and up to 3 files in the part `images`. */
  apply: '/wps/promotions/:id/apply',
  opsList: '/ops/promotion-applications',
  opsOne: '/ops/promotion-applications/:id',
  /** The bytes of one image, with the type its content was checked to be. */
  opsImage: '/ops/promotion-applications/:id/images/:imageId',
  opsApprove: '/ops/promotion-applications/:id/approve',
  opsReject: '/ops/promotion-applications/:id/reject',
} as const;

/** Spec 5: an application's comment is at most 140 characters. */
export const APPLICATION_COMMENT_MAX = 140;
export const APPLICATION_IMAGE_RULE = IMAGE_UPLOAD_RULE;
export const APPLICATION_IMAGE_FIELD = IMAGE_UPLOAD_FIELD;

/** Characters as people count them: an emoji is one, not the two UTF-16 units of `.length`. */
const characters = (value: string) => [...value].length;

/** The text parts of the application's multipart body; the images are read from the stream. */
export const ApplyForPromotionSchema = z.object({
  comment: plainText()
    .trim()
    .refine(
      (value) => characters(value) <= APPLICATION_COMMENT_MAX,
      `at most ${APPLICATION_COMMENT_MAX} characters`,
    )
    .default(''),
});
export type ApplyForPromotion = z.input<typeof ApplyForPromotionSchema>;

export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

export const MemberApplicationSchema = z.object({
  id: bigintId(),
  promotionId: bigintId(),
  status: ApplicationStatusSchema,
  comment: text(),
  imageCount: z.number().int(),
  createdAt: text(),
});
export type MemberApplication = z.infer<typeof MemberApplicationSchema>;

// ---- operators ---------------------------------------------------------------------------

export const ApplicationParamsSchema = z.object({ id: bigintId('not an application id') });
export const ApplicationImageParamsSchema = ApplicationParamsSchema.extend({
  imageId: z.uuid('not an image id'),
});

export const OpsApplicationListQuerySchema = z.object({
  status: ApplicationStatusSchema.optional(),
  promotionId: bigintId('not a promotion id').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OpsApplicationListQuery = z.input<typeof OpsApplicationListQuerySchema>;

export const OpsApplicationSchema = MemberApplicationSchema.extend({
  memberId: bigintId(),
  username: text(),
  promotionCode: text(),
  /** The operator's note; always there on a rejection. */
  note: text().nullable(),
  decidedBy: text().nullable(),
  decidedAt: text().nullable(),
  /** The bonus an approval granted. */
  grantId: bigintId().nullable(),
  bonusMinor: MinorUnitsSchema.nullable(),
  /** Ids for the image call, in the order the member sent them. */
  imageIds: z.array(z.uuid()),
});
export type OpsApplication = z.infer<typeof OpsApplicationSchema>;

export const OpsApplicationListSchema = z.object({
  applications: z.array(OpsApplicationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OpsApplicationList = z.infer<typeof OpsApplicationListSchema>;

const NOTE_MAX = 500;
/** An approval may carry a note; a rejection must, for the member reads why. */
export const ApproveApplicationSchema = z.object({
  note: plainText().trim().max(NOTE_MAX, `at most ${NOTE_MAX} characters`).optional(),
});
export const RejectApplicationSchema = z.object({
  note: plainText()
    .trim()
    .min(3, 'say why the application is rejected')
    .max(NOTE_MAX, `at most ${NOTE_MAX} characters`),
});
export type ApproveApplication = z.input<typeof ApproveApplicationSchema>;
export type RejectApplication = z.input<typeof RejectApplicationSchema>;

export const PromotionApplicationCalls = {
  apply: defineCall({
    method: 'POST',
    path: PromotionApplicationPaths.apply,
    params: PromotionParamsSchema,
    body: ApplyForPromotionSchema,
    encoding: 'multipart',
    response: envelopeOf(MemberApplicationSchema),
    status: 201,
  }),
};

export const PromotionApplicationOpsCalls = {
  list: defineCall({
    method: 'GET',
    path: PromotionApplicationPaths.opsList,
    query: OpsApplicationListQuerySchema,
    response: envelopeOf(OpsApplicationListSchema),
  }),
  one: defineCall({
    method: 'GET',
    path: PromotionApplicationPaths.opsOne,
    params: ApplicationParamsSchema,
    response: envelopeOf(OpsApplicationSchema),
  }),
  approve: defineCall({
    method: 'POST',
    path: PromotionApplicationPaths.opsApprove,
    params: ApplicationParamsSchema,
    body: ApproveApplicationSchema,
    response: envelopeOf(OpsApplicationSchema),
  }),
  reject: defineCall({
    method: 'POST',
    path: PromotionApplicationPaths.opsReject,
    params: ApplicationParamsSchema,
    body: RejectApplicationSchema,
    response: envelopeOf(OpsApplicationSchema),
  }),
};
