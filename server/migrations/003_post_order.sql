-- Posts made within one second (timestamps are kept to the second, as the API shows them) come in the
-- order they were made, not in the order of their random ids: a sequence, numbered by the database so
-- that every instance agrees. The feed indexes follow the new order.
ALTER TABLE posts ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
DROP INDEX posts_latest;
DROP INDEX posts_trending;
DROP INDEX posts_author;
CREATE INDEX posts_latest ON posts (created_at DESC, seq DESC, id);
CREATE INDEX posts_trending ON posts (like_count DESC, created_at DESC, seq DESC, id);
CREATE INDEX posts_author ON posts (author_id, created_at DESC, seq DESC, id);
