import { FeedbackPaths, type FeedbackRequest, FeedbackSentResponseSchema } from '@fortuna/contracts/feedback';
import { apiSend } from '../../../shared/api/client.ts';

/** Spec 7.1: PUT, no token needed; the server names a logged-in member as the sender itself. */
export function sendFeedback(request: FeedbackRequest) {
  return apiSend('PUT', FeedbackPaths.feedback, request, FeedbackSentResponseSchema);
}
