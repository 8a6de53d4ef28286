import { describe, expect, it } from 'vitest';
import { FetchInterceptor, type InterceptedRequest } from '../fetch-interceptor';
import type { ApiRequest } from '../fetch-router';

/** A Mirage server's side of the interceptor: each route answers with its path and what it read. */
function interceptorWith(paths: [verb: 'get' | 'post', path: string][], timing = 0) {
  const interceptor = new FetchInterceptor(Response);
  const server = {
    registerRouteHandler: (_verb: string, path: string) => async (request: InterceptedRequest) =>
      [200, { 'content-type': 'application/json' }, JSON.stringify({ route: path, params: request.params, body: request.requestBody, headers: request.requestHeaders })] as [
        number,
        Record<string, string>,
        string,
      ],
  };
  interceptor.create(server as never, { timing });
  interceptor.namespace = 'api';
  for (const [verb, path] of paths) (interceptor[verb] as (path: string, handler: unknown) => void)(path, () => null);
  interceptor.start();
  return interceptor;
}

const call = (path: string, init: Partial<ApiRequest> = {}): ApiRequest => ({
  method: 'GET',
  url: new URL(path, 'http://chirp.test'),
  headers: new Headers(),
  body: null,
  signal: new AbortController().signal,
  ...init,
});

const answerOf = async (interceptor: FetchInterceptor, request: ApiRequest) => (await interceptor.answer(request))?.json();

describe('FetchInterceptor', () => {
  it('routes to the most specific path: a fixed segment before a parameter, a parameter before a catch-all', async () => {
    const interceptor = interceptorWith([
      ['get', '/*rest'],
      ['get', '/posts/:postId'],
      ['get', '/posts/following'],
    ]);
    expect(await answerOf(interceptor, call('/api/posts/following'))).toMatchObject({ route: '/posts/following', params: {} });
    expect(await answerOf(interceptor, call('/api/posts/p%201'))).toMatchObject({ route: '/posts/:postId', params: { postId: 'p 1' } });
    expect(await answerOf(interceptor, call('/api/posts/p1/likers'))).toMatchObject({ route: '/*rest', params: { rest: 'posts/p1/likers' } });
  });

  it('hands the body, the parameters and the headers (named in lower case) to the handler', async () => {
    const interceptor = interceptorWith([['post', '/posts/:postId/like']]);
    const request = call('/api/posts/p1/like', { method: 'POST', body: '{"a":1}', headers: new Headers({ Authorization: 'token' }) });
    expect(await answerOf(interceptor, request)).toEqual({ route: '/posts/:postId/like', params: { postId: 'p1' }, body: '{"a":1}', headers: { authorization: 'token' } });
  });

  it('gives nothing for a method no route has, so the caller answers that the call does not exist', async () => {
    const interceptor = interceptorWith([['get', '/users']]);
    expect(await interceptor.answer(call('/api/users', { method: 'POST' }))).toBeUndefined();
    expect(await interceptor.answer(call('/api/other'))).toBeUndefined();
  });

  it('stops waiting out the delay when the call is aborted', async () => {
    const interceptor = interceptorWith([['get', '/users']], 60_000);
    const controller = new AbortController();
    const answer = interceptor.answer(call('/api/users', { signal: controller.signal }));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers nothing once shut down', async () => {
    const interceptor = interceptorWith([['get', '/users']]);
    interceptor.shutdown();
    await expect(interceptor.answer(call('/api/users'))).rejects.toThrow('not running');
  });
});
