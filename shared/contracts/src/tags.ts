/**
 * `#tag` in a post's text: letters, digits and underscores (any script) after a `#` that does not
 * stand inside a word or right after another `#` ("a#b" and "##b" hold no tag). The browser links
 * tags with this pattern and both back ends read a post's tags with it (PostgreSQL through the same
 * pattern in SQL, migration 009), so what is shown as a tag is what a `#tag` search finds.
 */
export const TAG = /(^|[^\p{L}\p{N}_#])#([\p{L}\p{N}_]+)/gu;

/** An http(s) address: the browser links it whole, so a `#` inside it ("…/page#top") is not a tag. */
export const LINK = /https?:\/\/[^\s<>"']+/g;

/** The tags of a text, lower case without `#`, each once, in the order they first appear. */
export function tagsIn(text: string): string[] {
  return [...new Set([...text.replace(LINK, ' ').matchAll(TAG)].map((match) => match[2]!.toLowerCase()))];
}
