import { z } from 'zod';
import { bigintId, text } from './input-guard.ts';
import type { LanguageCodeSchema } from './system.ts';

/**
 * What announcements, notices and banners share: the operator's draft → published → withdrawn
 * lifecycle, a publish window, texts per language (the site's default language is required, the
 * others fall back to it) and image addresses.
 */
export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'WITHDRAWN'] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

const instant = z.iso.datetime({ offset: true });

/** Shown only between startsAt (inclusive) and endsAt (exclusive); null is open-ended. */
export const publishWindowShape = {
  startsAt: instant.nullable().default(null),
  endsAt: instant.nullable().default(null),
};
type Window = { startsAt: string | null; endsAt: string | null };
/** For `.refine`: the window ends after it starts. */
export const windowInOrder: [(w: Window) => boolean, { path: string[]; message: string }] = [
  (w) => !w.startsAt || !w.endsAt || Date.parse(w.endsAt) > Date.parse(w.startsAt),
  { path: ['endsAt'], message: 'endsAt must be after startsAt' },
];
export const PublishWindowSchema = z.object(publishWindowShape).refine(...windowInOrder);
export type PublishWindow = z.input<typeof PublishWindowSchema>;

/** An image on our own site ('/banners/welcome.svg') or served over https. */
export const ImageUrlSchema = text()
  .trim()
  .min(2)
  .max(500)
  .refine((url) => /^https:\/\/[^\s]+$/i.test(url) || /^\/[^/\s][^\s]*$/.test(url), {
    message: 'an https:// address or a path on this site starting with /',
  });

/** Languages must not repeat, and at least one text is given. */
export function textsOf<T extends z.ZodObject<{ lang: typeof LanguageCodeSchema }>>(text: T) {
  return z
    .array(text)
    .min(1)
    .max(40)
    .refine((texts) => new Set(texts.map((entry) => entry.lang)).size === texts.length, {
      message: 'each language may appear once',
    });
}

export const ContentIdParamsSchema = z.object({ id: bigintId('a numeric id') });

export const OpsContentQuerySchema = z.object({ status: ContentStatusSchema.optional() });

/** The operator paths of one kind of content, e.g. '/ops/announcements/:id/publish'. */
export function contentOpsPaths<const K extends string>(kind: K) {
  return {
    opsList: `/ops/${kind}`,
    opsItem: `/ops/${kind}/:id`,
    opsSchedule: `/ops/${kind}/:id/schedule`,
    opsPublish: `/ops/${kind}/:id/publish`,
    opsWithdraw: `/ops/${kind}/:id/withdraw`,
  } as const;
}

/** What every operator view of a content item tells beside its own fields. */
export const ContentLifecycleSchema = z.object({
  id: bigintId(),
  status: ContentStatusSchema,
  startsAt: text().nullable(),
  endsAt: text().nullable(),
  publishedAt: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
