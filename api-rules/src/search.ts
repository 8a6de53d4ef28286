/**
 * Searching posts: every word of the search among the post's words, any case, newest first; the
 * last word also finds the words it starts ("coff" finds "coffee": the person may not have finished
 * typing it), the earlier ones only themselves. A `#tag` finds the posts that carry that tag (the
 * contracts' TAG pattern, as the browser links tags); a plain word also finds it as a tag. The
 * in-browser back end matches as below; the server asks PostgreSQL for the same: its `words`
 * column holds a post's words split as WORD splits them, its `tags` column the post's tags.
 */
import { TAG, tagsIn } from '@chirp/contracts';
import type { Database, StoredPost } from './database';

/**
 * A word: a run of letters and digits (any script). Everything else separates words, so no
 * punctuation of the search ever reaches a query: it cannot be read as an operator.
 */
const WORD = /[\p{L}\p{N}]+/gu;

export interface SearchTerms {
  /** The words outside tags, lower case, in the order typed: each is a word of the post, the last the start of one. */
  words: string[];
  /** The `#tags`, lower case, without `#`: each must be a tag of the post. */
  tags: string[];
}

export function searchTerms(text: string): SearchTerms {
  return { words: wordsOf(text.replace(TAG, '$1 ')), tags: tagsIn(text) };
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

export function matchesTerms(content: string, { words, tags }: SearchTerms): boolean {
  if (words.length === 0 && tags.length === 0) return false;
  const postWords = wordsOf(content);
  const present = new Set(postWords);
  const last = words[words.length - 1];
  const postTags = new Set(tagsIn(content));
  return (
    words.slice(0, -1).every((word) => present.has(word)) &&
    (last === undefined || postWords.some((word) => word.startsWith(last))) &&
    tags.every((tag) => postTags.has(tag))
  );
}

/** The posts that match a search (the caller pages them, newest first). */
export function searchPosts(db: Database, text: string): StoredPost[] {
  const terms = searchTerms(text);
  return db.posts.filter((post) => matchesTerms(post.content, terms));
}
