import type { StateCreator } from 'zustand';
import { api } from '../api/api-client';
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
}

export const initialPostsState = () => ({
  allPosts: [] as Post[],
  ownPosts: [] as Post[],
  trending: false,
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
    const { posts } = await api.getPosts();
    get().postsLoaded(posts);
  },
});
