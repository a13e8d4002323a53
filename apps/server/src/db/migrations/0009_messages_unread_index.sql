CREATE INDEX "message_recipients_unread_idx" ON "message_recipients" USING btree ("member_id") WHERE "message_recipients"."read_at" is null and "message_recipients"."deleted_at" is null;
--> statement-breakpoint
-- The unread count (GET /wps/relay/CSP_unreadCount), the badge's hot call. As a prepared statement
-- PostgreSQL planned it afresh on every call (custom plans: the member id is skewed in the
-- statistics), which cost three quarters of its time; inside this function its plan is made once
-- per connection (plan_cache_mode forced generic for it alone). Counted: the member's unread copies
-- (withdrawn messages' copies are marked deleted) and the broadcasts sent since the member joined
-- that the member has no state row for (read or deleted).
CREATE FUNCTION messages_unread_count(member bigint) RETURNS integer
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
    (SELECT count(*) FROM message_recipients r
      WHERE r.member_id = member AND r.read_at IS NULL AND r.deleted_at IS NULL)
    + (SELECT count(*) FROM messages m JOIN members me ON me.id = member
      WHERE m.audience = 'ALL' AND m.withdrawn_at IS NULL AND m.sent_at >= me.created_at
        AND NOT EXISTS (SELECT 1 FROM message_recipients r WHERE r.member_id = member AND r.message_id = m.id))
  )::integer;
END
$$;
