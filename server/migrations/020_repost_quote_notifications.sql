-- Notifications of reposts (gathered per post while unread, as likes) and of quotes (a line per
-- quoting post, as replies) beside the four kinds there were.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('like', 'follow', 'reply', 'mention', 'repost', 'quote'));
