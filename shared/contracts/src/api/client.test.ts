import { describe, expect, it } from 'vitest';
import { createCompactClient, createSpecClient, type Send } from './client';
import { API_ROUTES } from './routes';

/** The calls a client made, as the transport was given them. */
function recorder() {
  const sent: { method: string; path: string; query: Record<string, string>; body?: unknown }[] = [];
  const send: Send = async (method, path, { query, body }) => {
    sent.push({ method, path, query, body });
    return {};
  };
  return { sent, send };
}

describe('the clients derived from the route table', () => {
  it('make each spec call with its method, its path filled in (each part encoded), its query and its body', async () => {
    const { sent, send } = recorder();
    const client = createSpecClient(API_ROUTES, send);

    await client.post({ params: { postId: 'a b/c' } });
    await client.posts({ query: { limit: 20, cursor: 'x', sort: undefined } });
    await client.createPost({ body: { postData: { content: 'hello' } } });
    await client.editPost({ params: { postId: 'p1' }, body: { postData: { content: 'again' } } });
    await client.deletePost({ params: { postId: 'p1' } });
    await client.unfollow({ params: { userId: 'u1' } });
    await client.users();

    expect(sent).toEqual([
      { method: 'GET', path: '/posts/a%20b%2Fc', query: {}, body: undefined },
      { method: 'GET', path: '/posts', query: { limit: '20', cursor: 'x' }, body: undefined },
      { method: 'POST', path: '/posts', query: {}, body: { postData: { content: 'hello' } } },
      { method: 'POST', path: '/posts/edit/p1', query: {}, body: { postData: { content: 'again' } } },
      { method: 'DELETE', path: '/posts/p1', query: {}, body: undefined },
      { method: 'POST', path: '/users/unfollow/u1', query: {}, body: undefined },
      { method: 'GET', path: '/users', query: {}, body: undefined },
    ]);
  });

  it('ask for the compact view in the compact client, with the query beside it', async () => {
    const { sent, send } = recorder();
    const client = createCompactClient(API_ROUTES, send);

    await client.searchUsers({ query: { q: 'ana', limit: 5, cursor: '' } });
    await client.likePost({ params: { postId: 'p' } });

    expect(sent.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: '/search/users', query: { view: 'compact', q: 'ana', limit: '5' } },
      { method: 'POST', path: '/posts/like/p', query: { view: 'compact' } },
    ]);
  });

  it('has one function per call of the table', () => {
    const client = createSpecClient(API_ROUTES, recorder().send);
    expect(Object.keys(client).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
});
