import { FeedbackCalls, type FeedbackRequest } from '@fortuna/contracts/feedback';
import { callApi } from '../../../shared/api/client.ts';

/** Spec 7.1: PUT, no token needed; the server names a logged-in member as the sender itself. */
export function sendFeedback(request: FeedbackRequest) {
  return callApi(FeedbackCalls.send, { body: request });
}
