import { paths } from '@chirp/contracts';
import { AppToaster, useSession } from '@chirp/session';
import { usePostPages } from '@chirp/queries';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { PostListProps } from '@chirp/seams';
import ProfilePage from './features/profile/profile-page';
import SidePanel from './features/side-panel/side-panel';

/**
 * The remote on its own (`npm run dev -w profile-remote`): the profile page beside the side panel,
 * talking to whatever answers /api. In the app the shell composes in the feed's post list; here a
 * plain list stands in for it.
 */
function PlainPostList({ source, emptyText, label }: PostListProps) {
  const { data, error } = usePostPages(source);
  if (error) return <p role="alert">{error.message}</p>;
  if (!data) return <p role="status">Loading posts</p>;
  const posts = data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) return <p>{emptyText}</p>;
  return (
    <ul aria-label={label}>
      {posts.map((post) => (
        <li key={post._id}>{post.content}</li>
      ))}
    </ul>
  );
}

function StandaloneProfile() {
  const { userName = '' } = useParams();
  return <ProfilePage userName={userName} PostList={PlainPostList} />;
}

function Standalone() {
  const username = useSession((state) => state.username);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 620px) 320px', gap: 24, padding: 16 }}>
      <main>
        <Routes>
          <Route path="/profile/:userName" element={<StandaloneProfile />} />
          <Route path="*" element={<Navigate to={paths.profile(username ?? 'guestuser')} replace />} />
        </Routes>
      </main>
      <aside aria-label="Search and suggestions">
        <SidePanel variant="column" />
      </aside>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Standalone />
    </BrowserRouter>
    <AppToaster />
  </StrictMode>,
);
