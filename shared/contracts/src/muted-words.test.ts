import { describe, expect, it } from 'vitest';
import { MUTED_WORD_LIMITS, mutedWordIn, normalMutedWord } from './muted-words';

describe('a muted word as kept', () => {
  it('is trimmed, lower case, its spaces collapsed, its compatibility forms folded', () => {
    expect(normalMutedWord('  Game   OF\tThrones ')).toBe('game of thrones');
    expect(normalMutedWord('#GameNight')).toBe('#gamenight');
    expect(normalMutedWord('ｓｐｏｉｌｅｒ')).toBe('spoiler');
    expect(normalMutedWord('C++')).toBe('c++');
  });

  it('is refused empty, too long, without a letter or a digit, or as a tag that is not one', () => {
    for (const word of ['', '   ', '!!!', '#', '#two words', '#a-b', 'x'.repeat(MUTED_WORD_LIMITS.maxLength + 1)]) {
      expect(normalMutedWord(word), word).toBeUndefined();
    }
    expect(normalMutedWord('x'.repeat(MUTED_WORD_LIMITS.maxLength))).toBeDefined();
  });
});

describe('the muted word a post holds', () => {
  const holds = (content: string, ...muted: string[]) => mutedWordIn(content, muted);

  it('finds a word whatever its case and the punctuation around it, but not inside another word', () => {
    expect(holds('No SPOILERS, please!', 'spoilers')).toBe('spoilers');
    expect(holds('(spoilers)', 'spoilers')).toBe('spoilers');
    expect(holds('No spoilers please', 'spoiler')).toBeUndefined();
    expect(holds('Unspoiled', 'spoil')).toBeUndefined();
  });

  it('finds a phrase word for word, across punctuation and line breaks', () => {
    expect(holds('The Great British\nBake-Off is back', 'british bake off')).toBe('british bake off');
    expect(holds('British weather, bake off', 'british bake off')).toBeUndefined();
  });

  it('finds a #tag only as a tag; a word also as a tag', () => {
    expect(holds('Tonight: #GameNight', '#gamenight')).toBe('#gamenight');
    expect(holds('Game night tonight', '#gamenight')).toBeUndefined();
    expect(holds('Tonight: #Chess', 'chess')).toBe('chess');
    // A # inside a link is no tag.
    expect(holds('https://example.com/page#chess', '#chess')).toBeUndefined();
  });

  it('finds words of scripts written without spaces, and words with other characters, anywhere', () => {
    expect(holds('今日はネタバレ注意', 'ネタバレ')).toBe('ネタバレ');
    expect(holds('I write C++ daily', 'c++')).toBe('c++');
  });

  it('answers the first muted word the post holds, in the order they were muted', () => {
    expect(holds('cats and dogs', 'dogs', 'cats')).toBe('dogs');
    expect(holds('cats and dogs')).toBeUndefined();
  });
});
