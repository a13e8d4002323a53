import { z } from 'zod';
import { MinorUnitsSchema, WalletCodeSchema } from './wallet.ts';

/** Server-pushed events: one authenticated stream per open lobby page. */
export const EventPaths = {
  /**
   * Server-Sent Events (text/event-stream), authenticated by `Authorization: Bearer <token>`, so
   * the lobby reads it with fetch rather than EventSource. Each event is one `data:` line of JSON
   * (a StreamEvent); lines starting with ':' are heartbeats.
   */
  stream: '/wps/events/stream',
} as const;

/** Seconds between heartbeat comments: below the idle time-outs of common proxies (30–60 s). */
export const STREAM_HEARTBEAT_SECONDS = 25;

/** The first event of every stream: the member's events are being listened for from here on. */
export const HelloEventSchema = z.object({
  type: z.literal('hello'),
  heartbeatSeconds: z.number().int().positive(),
});

/** A member wallet's balance after a ledger posting committed ('MAIN' or a vendor's transfer wallet). */
export const BalanceEventSchema = z.object({
  type: z.literal('balance'),
  wallet: WalletCodeSchema,
  balanceMinor: MinorUnitsSchema,
});
export type BalanceEvent = z.infer<typeof BalanceEventSchema>;

/** The member's platform messages changed (one arrived, was read, deleted or withdrawn). */
export const MessagesEventSchema = z.object({
  type: z.literal('messages'),
  unreadCount: z.number().int().nonnegative(),
});
export type MessagesEvent = z.infer<typeof MessagesEventSchema>;

/**
 * Events addressed to one member; the stream and the fan-out across API nodes carry any of them
 * unchanged.
 */
export const MemberEventSchema = z.discriminatedUnion('type', [BalanceEventSchema, MessagesEventSchema]);
export type MemberEvent = z.infer<typeof MemberEventSchema>;

/** The published announcements changed: a page showing them reads them again. */
export const AnnouncementsChangedEventSchema = z.object({ type: z.literal('announcements') });

/**
 * A message to everyone was sent or withdrawn: each page reads its member's unread count again
 * (one event for the site rather than one per member, however many members there are).
 */
export const BroadcastMessagesChangedEventSchema = z.object({ type: z.literal('broadcastMessages') });

/** Events for every open page of the site, whoever is logged in there. */
export const SiteEventSchema = z.discriminatedUnion('type', [
  AnnouncementsChangedEventSchema,
  BroadcastMessagesChangedEventSchema,
]);
export type SiteEvent = z.infer<typeof SiteEventSchema>;

/** What a page's listener hears after the hello: its member's events and the site's. */
export const PushedEventSchema = z.discriminatedUnion('type', [
  ...MemberEventSchema.options,
  ...SiteEventSchema.options,
]);
export type PushedEvent = z.infer<typeof PushedEventSchema>;

/**
 * Open streams per session at most, on all nodes together: a person's tabs, not a flood. A new
 * stream beyond it takes the place of the session's oldest, which is ended as `replaced`.
 */
export const STREAMS_PER_SESSION = 5;

/**
 * The last event of a stream the server ends. `session-ended`: the session is over (logout,
 * password change, expiry, an operator's action); asking again would be refused. `replaced`: a
 * newer page of the same session took this stream's place (STREAMS_PER_SESSION); the page should
 * not reconnect by itself, or the two would push each other out in turn.
 */
export const StreamEndedEventSchema = z.object({
  type: z.literal('ended'),
  reason: z.enum(['session-ended', 'replaced']),
});
export type StreamEndedEvent = z.infer<typeof StreamEndedEventSchema>;
export type StreamEndReason = StreamEndedEvent['reason'];

/** Anything a stream may carry: the hello, then the member's and the site's events, maybe an end. */
export const StreamEventSchema = z.discriminatedUnion('type', [
  HelloEventSchema,
  ...PushedEventSchema.options,
  StreamEndedEventSchema,
]);
export type StreamEvent = z.infer<typeof StreamEventSchema>;
