-- A post image's description (alt text), as its author wrote it: read with the post, shown to
-- screen readers and under the enlarged image. NULL: none written (the app says whose image it is).
ALTER TABLE posts ADD COLUMN image_alt text;
