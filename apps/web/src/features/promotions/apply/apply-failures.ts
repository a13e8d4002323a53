import { APPLICATION_COMMENT_MAX } from '@fortuna/contracts/promotion-applications';
import type { FailureVocabulary, FieldMessage } from '../../../shared/ui/form/field-message.ts';
import { IMAGE_REFUSALS } from '../../../shared/ui/form/image-file-message.ts';

/** The server's wordings of an application's refusals (promotion-applications.ts) the dialog says in the reader's language. */
const KNOWN_MESSAGES: Record<string, FieldMessage> = {
  ...IMAGE_REFUSALS,
  [`at most ${APPLICATION_COMMENT_MAX} characters`]: {
    key: 'promotionApply.commentTooLong',
    values: { max: APPLICATION_COMMENT_MAX },
  },
  'Your application to this promotion is being reviewed': { key: 'promotionApply.applying' },
  'This promotion is closed': { key: 'promotionApply.closed' },
  'You have received this promotion already': { key: 'promotionApply.received' },
};

export const APPLY_FAILURES: FailureVocabulary = {
  knownMessage: (serverMessage) => KNOWN_MESSAGES[serverMessage] ?? null,
};
