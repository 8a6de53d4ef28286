import { defineRemoteConfig } from '../shared/build/remote-config.ts';

export default defineRemoteConfig({
  name: 'feed',
  exposes: {
    './HomePage': './src/features/home/home-page.tsx',
    './ExplorePage': './src/features/explore/explore-page.tsx',
    './BookmarksPage': './src/features/bookmarks/bookmarks-page.tsx',
    './LikedPostsPage': './src/features/liked-posts/liked-posts-page.tsx',
    './PostList': './src/components/posts/post-list.tsx',
    './ComposerDialog': './src/features/composer/composer-dialog.tsx',
    './PostPage': './src/features/post/post-page.tsx',
  },
});
