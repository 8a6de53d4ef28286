-- Muted words (@chirp/contracts' muted-words.ts): the words, phrases and #tags an account does not
-- want to read, normalised, oldest first. At most 100 short entries, read only with their owner's
-- row (a page of posts reads the viewer's once): a column, not a table.
ALTER TABLE users ADD COLUMN muted_words text[] NOT NULL DEFAULT '{}';
