import {
  type SliderCheckRequest,
  SliderCheckResponseSchema,
  VerificationPaths,
} from '@fortuna/contracts/verification';
import { apiSend } from '../../api/client.ts';

/** Sends the drag; a fit answers a single-use ticket, anything else fails with SLIDER_INVALID. */
export function checkSlider(request: SliderCheckRequest): Promise<{ ticket: string }> {
  return apiSend('POST', VerificationPaths.sliderCheck, request, SliderCheckResponseSchema);
}
