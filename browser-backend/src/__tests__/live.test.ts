// @vitest-environment happy-dom
import { GUEST_CREDENTIALS, LIVE, SHOWN_POSTS_ERRORS, STORAGE_KEYS, type LiveEvent } from '@chirp/contracts';
import { SEED_PASSWORD } from '@chirp/api-rules';
import type { LiveSource } from '@chirp/session';
import type { Server } from 'miragejs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../persistence';
import type { MirageLive } from '../live';
import { runningBackend, startMirage } from '../server';

let server: Server | undefined;
/** The live source the back end gives the page (through @chirp/session's configureLive). */
let source: LiveSource | null = null;
vi.mock('@chirp/session', async (original) => {
  const actual = await original<typeof import('@chirp/session')>();
  return { ...actual, configureLive: (next: LiveSource | null) => ((source = next), actual.configureLive(next)) };
});

afterEach(() => {
  server?.shutdown();
  server = undefined;
  localStorage.clear();
});

async function call(path: string, token?: string, body: unknown = {}) {
  const response = await fetch(path, {
    method: 'POST',
    headers: token ? { authorization: token } : {},
    body: JSON.stringify(body),
  });
  return response.json();
}

describe('the in-browser back end’s live updates', () => {
  it('hand the page a change’s events; an unread count only to the person it is for', async () => {
    server = await startMirage({ delay: 0, store: memoryStore(), resetData: true });
    expect(source).not.toBeNull();
    const { encodedToken: guest } = await call('/api/auth/login', undefined, GUEST_CREDENTIALS);
    localStorage.setItem(STORAGE_KEYS.token, guest);
    const heard: LiveEvent[] = [];
    const stop = source!.connect({ event: (event) => heard.push(event), connected: () => {}, disconnected: () => {} });

    const { post } = await call('/api/posts?view=compact', guest, { postData: { content: 'live in the browser' } });
    expect(heard).toContainEqual({ type: 'post', postId: post._id, author: GUEST_CREDENTIALS.username });

    // Someone else likes the guest's post: everyone hears the count, the guest their unread count.
    const { encodedToken: other } = await call('/api/auth/login', undefined, { username: 'lukas.becker', password: SEED_PASSWORD });
    expect(other).toBeTypeOf('string');
    await call(`/api/posts/like/${post._id}?view=compact`, other);
    expect(heard).toContainEqual(expect.objectContaining({ type: 'likes', postId: post._id, likeCount: 1, liked: true }));
    expect(heard).toContainEqual({ type: 'unread', unread: expect.any(Number) });

    // Signed in as the other person, the guest's unread count is not theirs to hear.
    localStorage.setItem(STORAGE_KEYS.token, other);
    heard.length = 0;
    await call('/api/notifications/read', guest);
    expect(heard).toEqual([]);
    stop();
  });
});

describe('the in-browser back end’s streams', () => {
  it('are named when they connect, and told which posts their page shows by their own person only', async () => {
    server = await startMirage({ delay: 0, store: memoryStore(), resetData: true });
    const { encodedToken: guest } = await call('/api/auth/login', undefined, GUEST_CREDENTIALS);
    const { encodedToken: other } = await call('/api/auth/login', undefined, { username: 'lukas.becker', password: SEED_PASSWORD });
    localStorage.setItem(STORAGE_KEYS.token, guest);
    const connected = vi.fn();
    const stop = source!.connect({ event: () => {}, connected, disconnected: () => {} });
    const streamId = connected.mock.calls[0]![0] as string;
    expect(streamId).toMatch(/\S/);
    const postId = runningBackend()!.db.posts[0]!._id;

    const show = (token: string, id: string) =>
      fetch(`/api${LIVE.shownPostsPath(id)}`, { method: 'PUT', headers: { authorization: token }, body: JSON.stringify({ postIds: [postId] }) });
    const shown = await show(guest, streamId);
    expect(shown.status).toBe(204);
    expect(await shown.text()).toBe('');
    expect((source as MirageLive).shownPosts().get(streamId)).toEqual([postId]);
    const refused = await show(other, streamId);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ errors: [SHOWN_POSTS_ERRORS.unknownStream] });
    stop();
    expect((await show(guest, streamId)).status).toBe(404);
  });
});
