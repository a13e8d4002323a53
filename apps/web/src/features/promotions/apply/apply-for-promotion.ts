import {
  APPLICATION_IMAGE_FIELD,
  PromotionApplicationCalls,
} from '@fortuna/contracts/promotion-applications';
import { callApi } from '../../../shared/api/client.ts';

/**
 * Applies to a promotion (ADR 065): multipart, so the images travel as they are and the server
 * checks them by content as they stream in.
 */
export function applyForPromotion(promotionId: string, comment: string, images: File[]) {
  const form = new FormData();
  if (comment) form.append('comment', comment);
  for (const image of images) form.append(APPLICATION_IMAGE_FIELD, image, image.name);
  return callApi(PromotionApplicationCalls.apply, { params: { id: promotionId }, body: form });
}
