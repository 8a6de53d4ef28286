-- Live updates, so pages left open change by themselves. Every change that others should see at once writes an event row and
-- announces it with NOTIFY, in the change's own transaction: a refused change announces nothing, and
-- every instance LISTENing on the database hears every committed change, whichever instance made it.
-- Triggers make the events, so every way a row is written has them. The rows let a client that was
-- disconnected catch up (Last-Event-ID); they are kept for an hour (server/src/live/hub.ts sweeps).
CREATE TABLE live_events (
  seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Only this person hears it (their unread count); NULL: every signed-in client.
  user_id    uuid,
  type       text NOT NULL CHECK (type IN ('post', 'likes', 'unread')),
  body       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX live_events_created ON live_events (created_at);

-- The channel is named after the schema, so schemas sharing a database (tests) do not hear each other.
CREATE FUNCTION chirp_live_event(recipient uuid, kind text, body jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event live_events;
BEGIN
  INSERT INTO live_events (user_id, type, body) VALUES (recipient, kind, body) RETURNING * INTO event;
  PERFORM pg_notify('chirp_live_' || current_schema(), json_build_object(
    'seq', event.seq, 'userId', event.user_id, 'type', event.type, 'body', event.body,
    'at', extract(epoch FROM event.created_at) * 1000)::text);
END $$;

CREATE FUNCTION chirp_live_new_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM chirp_live_event(NULL, 'post', jsonb_build_object(
    'postId', NEW.id::text,
    'author', (SELECT username FROM users WHERE id = NEW.author_id),
    'replyTo', NEW.reply_to::text));
  RETURN NULL;
END $$;
CREATE TRIGGER posts_live AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION chirp_live_new_post();

-- Deferred to the commit: the count is read after the change wrote it (the reaction and the post's
-- count are written by separate statements, in either order).
CREATE FUNCTION chirp_live_reaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reaction post_reactions := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  count integer;
BEGIN
  SELECT like_count INTO count FROM posts WHERE id = reaction.post_id;
  IF FOUND THEN
    PERFORM chirp_live_event(NULL, 'likes', jsonb_build_object(
      'postId', reaction.post_id::text, 'likeCount', count, 'by', reaction.user_id::text,
      'liked', TG_OP <> 'DELETE' AND reaction.liked));
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER post_reactions_live AFTER INSERT OR UPDATE OR DELETE ON post_reactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION chirp_live_reaction();

-- A person's unread count, once per statement that changed their lines (a like joining a line, a
-- new line, all of them read, a post's lines deleted with it).
CREATE FUNCTION chirp_live_unread() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person uuid;
BEGIN
  FOR person IN SELECT DISTINCT user_id FROM changed_lines LOOP
    PERFORM chirp_live_event(person, 'unread', jsonb_build_object(
      'unread', (SELECT count(*) FROM notifications WHERE user_id = person AND NOT read)));
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER notifications_live_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION chirp_live_unread();
CREATE TRIGGER notifications_live_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION chirp_live_unread();
CREATE TRIGGER notifications_live_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION chirp_live_unread();
