import { paths } from '@chirp/contracts';
import { AppToaster, configureApi } from '@chirp/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import BookmarksPage from './features/bookmarks/bookmarks-page';
import ExplorePage from './features/explore/explore-page';
import HomePage from './features/home/home-page';
import LikedPostsPage from './features/liked-posts/liked-posts-page';

/**
 * The feed on its own (`npm run dev -w feed-remote`), for working on it without the shell. It talks
 * to the API configured by VITE_API_BASE_URL; the in-browser back end lives in the shell.
 */
const apiBaseUrl = import.meta.env.VITE_API_BASE_URL as string | undefined;
if (apiBaseUrl) configureApi({ baseUrl: apiBaseUrl.replace(/\/+$/, '') });

/** On its own the feed has no profile remote to suggest people from. */
const NoSuggestions = () => null;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ maxWidth: 640, margin: '0 auto', padding: 16 }}>
      <BrowserRouter>
        <Routes>
          <Route path={paths.home} element={<HomePage WhoToFollow={NoSuggestions} />} />
          <Route path={paths.explore} element={<ExplorePage />} />
          <Route path={paths.bookmarks} element={<BookmarksPage />} />
          <Route path={paths.likedPosts} element={<LikedPostsPage />} />
          <Route path="*" element={<Navigate to={paths.home} replace />} />
        </Routes>
      </BrowserRouter>
    </main>
    <AppToaster />
  </StrictMode>,
);
