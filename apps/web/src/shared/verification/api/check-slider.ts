import { type SliderCheckRequest, VerificationCalls } from '@fortuna/contracts/verification';
import { callApi } from '../../api/client.ts';

/** Sends the drag; a fit answers a single-use ticket, anything else fails with SLIDER_INVALID. */
export function checkSlider(request: SliderCheckRequest): Promise<{ ticket: string }> {
  return callApi(VerificationCalls.sliderCheck, { body: request });
}
