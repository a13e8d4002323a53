/**
 * How many bytes of a request body the server reads, by kind of call. Every byte is read into
 * memory before a handler runs, so the default is what an ordinary JSON call needs (a login, a
 * registration, a transfer, a payee: a few hundred bytes) with room to spare; the few calls that
 * carry more say so on their route. Proof images are streamed (multipart) and bounded by their own
 * limits, not by these.
 */
export const BODY_LIMIT_BYTES = {
  /** Every call that does not say otherwise (the app's `bodyLimit`). */
  default: 16 * 1024,
  /** The slider check: a drag trajectory of up to 500 points. */
  sliderCheck: 64 * 1024,
  /**
   * Operator writes that carry text or lists: announcements (20,000 characters per language),
   * platform messages (up to 1,000 usernames), region rules (up to 10,000 CIDRs per list). Their
   * guard runs before the body is read, so only a signed-in operator can send this much.
   */
  operatorWrite: 1024 * 1024,
} as const;
