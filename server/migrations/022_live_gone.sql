-- A deleted post is announced live ('gone'), so pages left open take it away (and a reply's post
-- counts one fewer) instead of showing it until they next load. The posts of a deleted account go
-- with its row, unannounced: by then the author is not found here, and the account's deletion purges
-- every event naming it or its posts (server/src/db/account-data.ts).
ALTER TABLE live_events DROP CONSTRAINT live_events_type_check;
ALTER TABLE live_events ADD CONSTRAINT live_events_type_check CHECK (type IN ('post', 'gone', 'likes', 'unread'));

CREATE FUNCTION chirp_live_gone_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  author text := (SELECT username FROM users WHERE id = OLD.author_id);
BEGIN
  IF author IS NOT NULL THEN
    PERFORM chirp_live_event(NULL, 'gone', jsonb_build_object('postId', OLD.id::text, 'author', author, 'replyTo', OLD.reply_to::text));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_live_gone AFTER DELETE ON posts FOR EACH ROW EXECUTE FUNCTION chirp_live_gone_post();
