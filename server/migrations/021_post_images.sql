-- A post's second to fourth images, with their descriptions: a JSON list [{ "image": url, "alt": text }]
-- on the post's own row (NULL: at most one image, which stays in `image` and `image_alt`). A column
-- rather than a table: a feed page reads its posts' rows and nothing more, with no join or lookup per
-- post, and deleting a post (or the account, which deletes its posts) removes its images with it.
-- The values stay small: an image sent inline is kept in the image store first and named by its URL.
ALTER TABLE posts ADD COLUMN more_images jsonb
  CHECK (more_images IS NULL OR (jsonb_typeof(more_images) = 'array' AND jsonb_array_length(more_images) BETWEEN 1 AND 3));
