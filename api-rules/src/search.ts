/**
 * Searching posts (issue 14): every word of the search in the post's text, whole words, any case,
 * newest first. A `#tag` finds posts that carry that tag; a plain word also finds it as a tag. The
 * in-browser back end matches words as below; the server asks PostgreSQL's full-text search
 * (`websearch_to_tsquery('simple', …)` on a GIN-indexed tsvector) and checks tags the same way.
 */
import type { Database, StoredPost } from './database';

/** A word: letters, digits and underscores (any script), with its leading `#` when it is a tag. */
const WORD = /#?[\p{L}\p{N}_]+/gu;

export interface SearchTerms {
  /** Every word, lower case, without `#`: each must be in the post. */
  words: string[];
  /** The words asked for as tags (`#word`), lower case, without `#`: each must be a tag of the post. */
  tags: string[];
}

export function searchTerms(text: string): SearchTerms {
  const tokens = (text.toLowerCase().match(WORD) ?? []) as string[];
  return {
    words: [...new Set(tokens.map((token) => token.replace(/^#/, '')))],
    tags: [...new Set(tokens.filter((token) => token.startsWith('#')).map((token) => token.slice(1)))],
  };
}

/** The tags of a text (`#word`), lower case, without `#`. */
export function tagsOf(text: string): string[] {
  return [...new Set(((text.toLowerCase().match(WORD) ?? []) as string[]).filter((token) => token.startsWith('#')).map((token) => token.slice(1)))];
}

export function matchesTerms(content: string, { words, tags }: SearchTerms): boolean {
  if (words.length === 0) return false;
  const tokens = (content.toLowerCase().match(WORD) ?? []) as string[];
  const present = new Set(tokens.map((token) => token.replace(/^#/, '')));
  const tagged = new Set(tokens.filter((token) => token.startsWith('#')).map((token) => token.slice(1)));
  return words.every((word) => present.has(word)) && tags.every((tag) => tagged.has(tag));
}

/** The posts that match a search (the caller pages them, newest first). */
export function searchPosts(db: Database, text: string): StoredPost[] {
  const terms = searchTerms(text);
  return db.posts.filter((post) => matchesTerms(post.content, terms));
}
