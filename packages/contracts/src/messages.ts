import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { LANGUAGE_CODES } from './languages.ts';

/** Platform messages (member centre page messageV2, spec 2.6 and 7.4). */
export const MessagePaths = {
  /** Spec 7.4: the unread count of the member-centre badge (token; never called for trial users). */
  unreadCount: '/wps/relay/CSP_unreadCount',
  inbox: '/wps/messages',
  message: '/wps/messages/:id',
  readAll: '/wps/messages/read-all',
} as const;

export const MessageOpsPaths = {
  messages: '/ops/messages',
  withdraw: '/ops/messages/:id/withdraw',
} as const;

export const MESSAGE_PAGE_SIZE = 10;
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 2000;
/** A list message names at most this many members; larger groups are a broadcast's job. */
export const MESSAGE_LIST_MAX = 1000;

export const MessageParamsSchema = z.object({ id: bigintId('not a message id') });

export const MessageInboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(MESSAGE_PAGE_SIZE),
});
export type MessageInboxQuery = z.input<typeof MessageInboxQuerySchema>;

/** A message as its member reads it: title and body in the member's language where one exists. */
export const MessageSchema = z.object({
  id: bigintId(),
  title: text(),
  /** Plain text; line breaks are kept. */
  body: text(),
  sentAt: text(),
  read: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;
export const MessageResponseSchema = envelopeOf(MessageSchema);

export const MessageInboxSchema = z.object({
  items: z.array(MessageSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  unreadCount: z.number().int(),
});
export type MessageInbox = z.infer<typeof MessageInboxSchema>;
export const MessageInboxResponseSchema = envelopeOf(MessageInboxSchema);

export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export const UnreadCountResponseSchema = envelopeOf(UnreadCountSchema);
export const MessageRemovedResponseSchema = envelopeOf(
  z.object({ removed: z.literal(true), unreadCount: z.number().int() }),
);

// Operator side.

const plainText = (max: number) =>
  text()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `at most ${max} characters`)
    // Plain text, shown as text: markup would only show as its characters, so it is refused here.
    .refine((text) => !/[<>]/.test(text), 'plain text only: no < or >');

export const MessageTextSchema = z.object({
  title: plainText(MESSAGE_TITLE_MAX),
  body: plainText(MESSAGE_BODY_MAX),
});
export type MessageText = z.infer<typeof MessageTextSchema>;

const LanguageKeySchema = z.enum(LANGUAGE_CODES as [string, ...string[]]);
const usernameOf = text().trim().min(1).max(64);

export const MESSAGE_AUDIENCES = ['MEMBER', 'LIST', 'ALL'] as const;
export const MessageAudienceSchema = z.enum(MESSAGE_AUDIENCES);
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

/** The default text, texts per language (used where a member's language has one), and who gets it. */
export const SendMessageSchema = MessageTextSchema.extend({
  translations: z.partialRecord(LanguageKeySchema, MessageTextSchema).default({}),
}).and(
  z.discriminatedUnion('audience', [
    z.object({ audience: z.literal('MEMBER'), username: usernameOf }),
    z.object({
      audience: z.literal('LIST'),
      usernames: z.array(usernameOf).min(1).max(MESSAGE_LIST_MAX),
    }),
    z.object({ audience: z.literal('ALL') }),
  ]),
);
export type SendMessage = z.input<typeof SendMessageSchema>;
export type SendMessageInput = z.output<typeof SendMessageSchema>;

export const SentMessageSchema = z.object({
  id: bigintId(),
  audience: MessageAudienceSchema,
  title: text(),
  body: text(),
  translations: z.record(text(), MessageTextSchema),
  /** Members it was addressed to; null for a broadcast to everyone. */
  recipientCount: z.number().int().nullable(),
  sentBy: text(),
  sentAt: text(),
  withdrawnAt: text().nullable(),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;
export const SentMessageResponseSchema = envelopeOf(SentMessageSchema);
export const SentMessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const SentMessageListResponseSchema = envelopeOf(
  z.object({
    items: z.array(SentMessageSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
);

export const MessageCalls = {
  unreadCount: defineCall({
    method: 'GET',
    path: MessagePaths.unreadCount,
    response: UnreadCountResponseSchema,
  }),
  inbox: defineCall({
    method: 'GET',
    path: MessagePaths.inbox,
    query: MessageInboxQuerySchema,
    response: MessageInboxResponseSchema,
  }),
  readAll: defineCall({ method: 'POST', path: MessagePaths.readAll, response: UnreadCountResponseSchema }),
  message: defineCall({
    method: 'GET',
    path: MessagePaths.message,
    params: MessageParamsSchema,
    response: MessageResponseSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: MessagePaths.message,
    params: MessageParamsSchema,
    response: MessageRemovedResponseSchema,
  }),
};
