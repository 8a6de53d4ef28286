/**
 * `@username` in a post's text, which notifies and links to the person named. A username is letters, digits, `.`, `_` and `-` (spec 3);
 * a mention starts and ends with a letter, digit or `_`, so the full stop of "thanks @ana." is not
 * part of it, and an `@` inside a word (an e-mail address) is not a mention. Both back ends and the
 * browser read mentions with this one pattern.
 */
export const MENTION = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9_](?:[A-Za-z0-9._-]{0,28}[A-Za-z0-9_])?)(?![A-Za-z0-9_])/g;

/** The usernames a text mentions, lower case, each once, in the order they first appear. */
export function mentionsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((match) => match[2]!.toLowerCase()))];
}
