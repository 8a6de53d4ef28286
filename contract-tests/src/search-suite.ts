/**
 * Searching posts as people type: the last word found by its start, tags as the browser links them,
 * and any text answered without an error. Against a base URL and a `fetch` only: the same suite runs
 * on Mirage, the server on PGlite and the server on PostgreSQL, so all three find the same posts.
 */
import type { CompactPost } from '@chirp/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECIDED_ERRORS, LIMITS } from '@chirp/api-rules';
import { contractClient, type ContractContext } from './contract-client';
import { expectRefusal } from './compact-suite';

export function defineSearchSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);
  const { call } = api;

  beforeEach(async () => {
    await getContext().reset();
  });

  async function postAs(token: string, content: string): Promise<string> {
    const created = await call('POST', '/posts?view=compact', { token, body: { postData: { content } } });
    expect(created.status).toBe(201);
    return created.body.post._id as string;
  }

  /** The ids of the posts a search finds (its first page, which holds every post a test makes). */
  async function found(text: string): Promise<string[]> {
    const answer = await call('GET', `/search/posts?q=${encodeURIComponent(text)}&view=compact&limit=100`);
    expect(answer.status).toBe(200);
    return (answer.body.posts as CompactPost[]).map((post) => post._id);
  }

  describe('the last word found by its start', () => {
    it('"coff" finds "coffee", newest first', async () => {
      const { token } = await api.loginGuest();
      const older = await postAs(token, 'Coffee first, then the news');
      const newer = await postAs(token, 'Out of coffee again');
      const other = await postAs(token, 'Tea for me');
      const coff = await found('coff');
      expect(coff.filter((id) => [older, newer, other].includes(id))).toEqual([newer, older]);
      expect(await found('COFF')).toEqual(coff);
    });

    it('"good coff" finds the posts with "good" and a word starting "coff"; "goo coffee" does not find "good coffee"', async () => {
      const { token } = await api.loginGuest();
      const both = await postAs(token, 'Good coffee this morning');
      const coffeeOnly = await postAs(token, 'Bad coffee this morning');
      const goodOnly = await postAs(token, 'Good tea this morning');
      const goodCoff = await found('good coff');
      expect(goodCoff).toContain(both);
      expect(goodCoff).not.toContain(coffeeOnly);
      expect(goodCoff).not.toContain(goodOnly);
      // Only the last word can be unfinished: an earlier one is a whole word.
      expect(await found('goo coffee')).not.toContain(both);
      expect(await found('good coffee')).toContain(both);
    });

    it('splits words at punctuation alike on every back end: "example" finds "example.com", "3" finds "3.14"', async () => {
      const { token } = await api.loginGuest();
      const site = await postAs(token, 'New page up at example.com/about, and pi is 3.14');
      expect(await found('example')).toContain(site);
      expect(await found('example.com')).toContain(site);
      expect(await found('3.14')).toContain(site);
      expect(await found('about')).toContain(site);
    });
  });

  describe('tags', () => {
    it('finds a #tag in any case and any script, only where the browser links it as a tag', async () => {
      const { token } = await api.loginGuest();
      const tagged = await postAs(token, 'Dessert: #Crème_brûlée tonight');
      const inWord = await postAs(token, 'C#Crème_brûlée is not a tag');
      const inAddress = await postAs(token, 'Recipe at https://chirp.example/#crème_brûlée');
      expect(await found('#CRÈME_BRÛLÉE')).toEqual([tagged]);
      const asWords = await found('crème brûlée');
      expect(asWords).toEqual(expect.arrayContaining([tagged, inWord, inAddress]));
    });

    it('a tag and a word together: the tag as a tag, the word by its start', async () => {
      const { token } = await api.loginGuest();
      const both = await postAs(token, 'Sunrise espresso #morningcup');
      await postAs(token, 'Sunrise espresso #eveningcup');
      const wordOnly = await postAs(token, 'Espresso without a tag');
      const result = await found('#morningcup espr');
      expect(result).toContain(both);
      expect(result).not.toContain(wordOnly);
      expect(await found('#eveningcup espr')).not.toContain(both);
    });
  });

  describe('any text', () => {
    /** Operators, quotes and backslashes alone: no word, so nothing is found. */
    const NO_WORD = [
      "'", '"', '\\', '\\\\', '&', '|', '!', '(', ')', ':', '*', '<', '>', ':*', '<->', '!!!', '&|!():*<>\\', '#', '##', '# #', '…—“”', '🙂',
      `${'&|!():*<>\\\''.repeat(9)}`,
    ];
    /** "coff" wrapped in operators, quotes and backslashes: read as the word "coff". */
    const COFF = ["''coff", '"coff', 'coff:*', '(coff)', 'coff!', '!coff', "coff'", 'coff\\', '<coff>', '#(coff)', '!(coff:*)&'];
    /** Operators that are only separators: "coff | tea" needs both words, "coff:A" the whole word "coff". */
    const NOT_COFFEE = ['coff & tea', 'coff | tea', 'coff:A', 'coff:*B', "'; DROP TABLE posts; --", 'x'.repeat(LIMITS.maxSearchText)];

    it('answers 200 to any text of operators, quotes and backslashes (the words in it found, or nothing); 400 past the limit', async () => {
      const { token } = await api.loginGuest();
      const coffee = await postAs(token, 'Coffee at noon');
      for (const text of NO_WORD) expect({ text, found: await found(text) }).toEqual({ text, found: [] });
      for (const text of COFF) expect({ text, found: (await found(text)).includes(coffee) }).toEqual({ text, found: true });
      for (const text of NOT_COFFEE) expect({ text, found: (await found(text)).includes(coffee) }).toEqual({ text, found: false });
      expect(await found('coffee')).toContain(coffee);
      const tooLong = '&|!():*<>\\\'"'.repeat(50);
      expectRefusal(await call('GET', `/search/posts?q=${encodeURIComponent(tooLong)}`), 400, DECIDED_ERRORS.searchTextTooLong);
    });
  });
}
