/**
 * `PUT /api/events/{streamId}/posts` (the posts a live stream's page shows), against a base URL and
 * a `fetch` only: the refusals every back end gives the same way, before any stream is involved —
 * no token, a body that is not a bounded list of post ids, a stream that is not the caller's.
 * Naming the posts of a real stream is tested where a stream can be opened (the server's live
 * tests, the in-browser back end's live test).
 */
import { LIVE, SHOWN_POSTS_ERRORS } from '@chirp/contracts';
import { expect, it } from 'vitest';
import { SPEC_ERRORS } from '@chirp/api-rules';
import { contractClient, type ContractContext } from './contract-client';

const A_POST = '00000000-0000-4000-8000-000000000000';

export function defineShownPostsSuite(getContext: () => ContractContext): void {
  const { call, loginGuest } = contractClient(getContext);
  const path = LIVE.shownPostsPath('no-such-stream');

  it('refuses a caller without a valid token, with the spec text', async () => {
    expect(await call('PUT', path, { body: { postIds: [] } })).toMatchObject({ status: 401, body: { errors: [SPEC_ERRORS.invalidToken] } });
    expect(await call('PUT', path, { token: 'x.y.z', body: { postIds: [] } })).toMatchObject({ status: 401 });
  });

  it('refuses a body that is not a list of at most LIVE.maxShownPosts post ids, saying what to send', async () => {
    const { token } = await loginGuest();
    const refusals: Array<[string, string]> = [
      ['', SHOWN_POSTS_ERRORS.badBody],
      ['not json', SHOWN_POSTS_ERRORS.badBody],
      ['null', SHOWN_POSTS_ERRORS.badBody],
      [`["${A_POST}"]`, SHOWN_POSTS_ERRORS.badBody],
      ['{}', SHOWN_POSTS_ERRORS.badBody],
      [`{"postIds":"${A_POST}"}`, SHOWN_POSTS_ERRORS.badBody],
      ['{"postIds":[7]}', SHOWN_POSTS_ERRORS.badId],
      ['{"postIds":["does-not-exist"]}', SHOWN_POSTS_ERRORS.badId],
      [`{"postIds":["${A_POST}",null]}`, SHOWN_POSTS_ERRORS.badId],
      [JSON.stringify({ postIds: Array.from({ length: LIVE.maxShownPosts + 1 }, () => A_POST) }), SHOWN_POSTS_ERRORS.tooMany],
    ];
    for (const [rawBody, text] of refusals) {
      const answer = await call('PUT', path, { token, rawBody, headers: { 'content-type': 'application/json' } });
      expect({ rawBody: rawBody.slice(0, 60), status: answer.status, body: answer.body }).toEqual({
        rawBody: rawBody.slice(0, 60),
        status: 400,
        body: { errors: [text] },
      });
    }
  });

  it('answers 404 for a stream that is not one of the caller’s', async () => {
    const { token } = await loginGuest();
    for (const streamId of ['no-such-stream', 'a.b', '%20', 'x'.repeat(300)]) {
      const answer = await call('PUT', LIVE.shownPostsPath(streamId), { token, body: { postIds: [A_POST] } });
      expect(answer).toMatchObject({ status: 404, body: { errors: [SHOWN_POSTS_ERRORS.unknownStream] } });
    }
  });
}
