import { describe, expect, it } from 'vitest';
import { formatServerSentEvent, readLiveEvent, serverSentEventReader } from './live';

describe('live events on the wire', () => {
  it('reads back what it writes, whatever the chunks the stream arrives in', () => {
    const text =
      formatServerSentEvent('7', { type: 'post', postId: 'p1', author: 'ann' }) +
      ':\n\n' +
      formatServerSentEvent('8', { type: 'likes', postId: 'p1', likeCount: 3, by: 'u1', liked: true });
    for (const size of [1, 3, 10, text.length]) {
      const reader = serverSentEventReader();
      const messages = [];
      for (let start = 0; start < text.length; start += size) messages.push(...reader.push(text.slice(start, start + size)));
      expect(messages).toEqual([
        { id: '7', event: 'post', data: '{"postId":"p1","author":"ann"}' },
        { id: '8', event: 'likes', data: '{"postId":"p1","likeCount":3,"by":"u1","liked":true}' },
      ]);
    }
  });

  it('takes CRLF line ends, multi-line data and messages without an id', () => {
    const reader = serverSentEventReader();
    expect(reader.push('event: x\r\ndata: a\r\ndata: b\r\n\r\nretry: 5\n\n')).toEqual([
      { event: 'x', data: 'a\nb' },
      { event: 'message', data: '' },
    ]);
  });

  it('keeps only the events it knows, in their own shape', () => {
    expect(readLiveEvent('post', { postId: 'p', author: 'a', replyTo: null })).toEqual({ type: 'post', postId: 'p', author: 'a' });
    expect(readLiveEvent('post', { postId: 'p', author: 'a', replyTo: 'q' })).toEqual({ type: 'post', postId: 'p', author: 'a', replyTo: 'q' });
    expect(readLiveEvent('unread', { unread: 2 })).toEqual({ type: 'unread', unread: 2 });
    expect(readLiveEvent('unread', { unread: -1 })).toBeNull();
    expect(readLiveEvent('likes', { postId: 'p', likeCount: 1, by: 'u' })).toBeNull();
    expect(readLiveEvent('post', 'not an object')).toBeNull();
    expect(readLiveEvent('ready', {})).toBeNull();
    expect(readLiveEvent('resync', {})).toEqual({ type: 'resync' });
    expect(readLiveEvent('authorGone', { authorId: 'u', author: 'ann', deleted: false })).toEqual({ type: 'authorGone', authorId: 'u', author: 'ann', deleted: false });
    expect(readLiveEvent('authorGone', { authorId: 'u', author: 'ann' })).toBeNull();
    expect(readLiveEvent('authorGone', { authorId: '', author: 'ann', deleted: true })).toBeNull();
    expect(readLiveEvent('authorGone', { authorId: 'u', deleted: true })).toBeNull();
  });
});
