import type { StateCreator } from 'zustand';
import { api } from '../api/api-client';
import { errorMessage } from '../api/api-error';
import type { Post } from '../types';
import { replacePosts, sortPosts } from './post-order';
import type { Session } from './session-store';

export interface PostsSlice {
  /** Every post, in the order the feed shows (Latest or Trending). */
  allPosts: Post[];
  /** The current user's own posts, newest first. */
  ownPosts: Post[];
  /** Whether the feed is ordered by likes. */
  trending: boolean;
  postsLoaded: (posts: Post[]) => void;
  /** Puts changed posts in place (an optimistic change, or the server's answer). */
  postsChanged: (changed: Post[]) => void;
  trendingChanged: (trending: boolean) => void;
  loadPosts: () => Promise<void>;
  /**
   * Whether the post list is loading, loaded (possibly empty) or failed: three states a feed shows
   * differently (a loader, the posts or the empty text, the error with Retry).
   */
  postsStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  /** What went wrong with the last load, for the person. */
  postsError: string | null;
}

export const initialPostsState = () => ({
  allPosts: [] as Post[],
  ownPosts: [] as Post[],
  trending: false,
  postsStatus: 'idle' as PostsSlice['postsStatus'],
  postsError: null as string | null,
});

export const createPostsSlice: StateCreator<Session, [], [], PostsSlice> = (set, get) => ({
  ...initialPostsState(),
  postsLoaded: (posts) =>
    set((state) => ({
      allPosts: sortPosts(posts, state.trending),
      ownPosts: sortPosts(
        posts.filter((post) => post.username === state.username),
        false,
      ),
    })),
  postsChanged: (changed) =>
    set((state) => ({
      allPosts: sortPosts(replacePosts(state.allPosts, changed), state.trending),
      ownPosts: replacePosts(state.ownPosts, changed),
    })),
  trendingChanged: (trending) =>
    set((state) => ({ trending, allPosts: sortPosts(state.allPosts, trending) })),
  loadPosts: async () => {
    set({ postsStatus: 'loading', postsError: null });
    try {
      const { posts } = await api.getPosts();
      get().postsLoaded(posts);
      set({ postsStatus: 'loaded' });
    } catch (error) {
      set({ postsStatus: 'failed', postsError: errorMessage(error) });
      throw error;
    }
  },
});
