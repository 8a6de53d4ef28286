-- An account deleted or suspended is announced live once ('authorGone', naming it), so pages
-- left open take its posts away at once rather than when someone next acts on one of them. It is a
-- notice, not a row of live_events: a deleted account leaves nothing behind (the deletion removes
-- every event about it), so a page that was away when it was said is not told again; it finds the
-- posts gone when it next loads them. Its seq comes from live_events' own, so instances tell it
-- apart from every event as they do events from each other; it is sent to pages without an id.
CREATE FUNCTION chirp_live_notice(kind text, body jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chirp_live_' || current_schema(), json_build_object(
    'seq', nextval(pg_get_serial_sequence('live_events', 'seq')), 'userId', NULL, 'type', kind, 'body', body, 'transient', true)::text);
END $$;
