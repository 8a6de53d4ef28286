-- Everyone's reposts in time order, for the Following page of a reader who follows many: it walks
-- them newest first and keeps those by someone followed (as it walks posts_top_latest for posts),
-- instead of reading every followed person's reposts and sorting them.
CREATE INDEX reposts_latest ON reposts (created_at DESC, seq DESC, post_id, user_id);
