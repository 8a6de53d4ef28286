/**
 * Muted words: the words, phrases and `#tags` a person does not want to read. A post that holds one
 * is not dropped from their lists (a page stays whole): the back ends mark it with the word
 * (`CompactPost.mutedWord`), and the screens fold it away behind "Show anyway". One's own posts are
 * never marked. Both back ends read a post with `mutedWordIn`, so they mark the same posts.
 */
import { tagsIn } from './tags';

export const MUTED_WORD_LIMITS = {
  /** Words, phrases and tags one account may mute. */
  maxWords: 100,
  /** Characters in one of them, after spaces are collapsed. */
  maxLength: 50,
} as const;

/** A run of letters, digits and underscores (any script): what a word of a post is. */
const WORD = /[\p{L}\p{N}_]+/gu;
/** Scripts written without spaces between words: a muted word in them is found anywhere in a text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Words and spaces only: matched word by word; anything else ("c++", "r&d") is matched as written. */
const WORDS_ONLY = /^[\p{L}\p{N}_]+(?: [\p{L}\p{N}_]+)*$/u;
const TAG_ENTRY = /^#[\p{L}\p{N}_]+$/u;

const folded = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * A muted word as it is kept: NFKC, lower case, trimmed, inner spaces collapsed to one. Undefined
 * when it is empty, longer than the limit, holds no letter or digit, or is a `#` tag with more than
 * a tag's characters.
 */
export function normalMutedWord(raw: string): string | undefined {
  const word = folded(raw).trim().replace(/\s+/g, ' ');
  if (word.length === 0 || word.length > MUTED_WORD_LIMITS.maxLength || !/[\p{L}\p{N}]/u.test(word)) return undefined;
  if (word.startsWith('#') && !TAG_ENTRY.test(word)) return undefined;
  return word;
}

/** Whether `needle` stands in `words` as a run, word for word. */
function holdsRun(words: readonly string[], needle: readonly string[]): boolean {
  for (let start = 0; start + needle.length <= words.length; start += 1) {
    if (needle.every((word, index) => words[start + index] === word)) return true;
  }
  return false;
}

/**
 * The first of `muted` (as `normalMutedWord` keeps them) that `content` holds, or undefined:
 * - `#tag`: the post carries that tag;
 * - a word or a phrase: the post holds those words in a row, whatever their case and the punctuation
 *   around them, tags included ("Spoilers!" holds "spoilers", not "spoiler");
 * - in a script written without spaces, or with other characters ("c++"): found anywhere in the text.
 */
export function mutedWordIn(content: string, muted: readonly string[]): string | undefined {
  if (muted.length === 0) return undefined;
  const text = folded(content);
  let words: string[] | undefined;
  let tags: string[] | undefined;
  for (const entry of muted) {
    if (entry.startsWith('#')) {
      tags ??= tagsIn(text);
      if (tags.includes(entry.slice(1))) return entry;
    } else if (UNSPACED.test(entry) || !WORDS_ONLY.test(entry)) {
      if (text.includes(entry)) return entry;
    } else {
      words ??= text.match(WORD) ?? [];
      if (holdsRun(words, entry.split(' '))) return entry;
    }
  }
  return undefined;
}
