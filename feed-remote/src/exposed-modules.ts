/**
 * The modules this remote exposes (vite.config.ts names their files), checked against the seams the
 * shell loads them by: `npm run typecheck` fails when one is missing or takes other props.
 */
import type { ExposedModules } from '@chirp/seams';
import * as BookmarksPage from './features/bookmarks/bookmarks-page';
import * as ComposerDialog from './features/composer/composer-dialog';
import * as ExplorePage from './features/explore/explore-page';
import * as HomePage from './features/home/home-page';
import * as LikedPostsPage from './features/liked-posts/liked-posts-page';
import * as PostPage from './features/post/post-page';
import * as PostList from './components/posts/post-list';

export const exposedModules = {
  './HomePage': HomePage,
  './ExplorePage': ExplorePage,
  './BookmarksPage': BookmarksPage,
  './LikedPostsPage': LikedPostsPage,
  './PostList': PostList,
  './ComposerDialog': ComposerDialog,
  './PostPage': PostPage,
} satisfies ExposedModules<'feed'>;
