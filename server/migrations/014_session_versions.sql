-- Each account's session version: a password change or "sign out everywhere" moves it on, and every
-- token issued at an older one is refused (tokens carry theirs as `sv`).
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0 CHECK (session_version >= 0);
