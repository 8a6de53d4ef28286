-- The account's email address, set in its settings ('' for none). Unique regardless of case, like
-- usernames, so that logging in with an address names one account; the index also finds the account
-- a log-in names by its address.
ALTER TABLE users ADD COLUMN email text NOT NULL DEFAULT '' CHECK (char_length(email) <= 254);
CREATE UNIQUE INDEX users_email_lower ON users (lower(email)) WHERE email <> '';
