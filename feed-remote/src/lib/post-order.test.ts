import { aCompactPost } from '@chirp/session/testing';
import { describe, expect, it } from 'vitest';
import { sortPosts } from './post-order';

const older = aCompactPost({ _id: 'older', likeCount: 900, createdAt: '2026-01-01T10:00:00+00:00' });
const newer = aCompactPost({ _id: 'newer', likeCount: 5, createdAt: '2026-01-02T10:00:00+00:00' });

describe('post order', () => {
  it('shows newest first, or most liked first when trending', () => {
    expect(sortPosts([older, newer], false).map((p) => p._id)).toEqual(['newer', 'older']);
    expect(sortPosts([newer, older], true).map((p) => p._id)).toEqual(['older', 'newer']);
  });
});
