-- The compact form's lists (docs/api.md, "Compact answers"), each a keyset page on an index:
-- people alphabetically in byte order (the rules' order; usernames are unique whatever their case),
-- the posts a user likes, newest first, and the posts a user bookmarked.
CREATE INDEX users_name_order ON users ((lower(username) COLLATE "C"));
CREATE INDEX post_reactions_liked ON post_reactions (user_id, post_id) WHERE liked;
-- follows (follower_id, …) is the primary key; followee_id has its index (001): both sides of a follow
-- list and both counts are index scans. Posts per author: posts_author (001).
