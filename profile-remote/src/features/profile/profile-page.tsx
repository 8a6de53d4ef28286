import { errorMessage, paths, type Post, type User, useSession } from '@chirp/shared';
import { type ComponentType, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Loader } from '../../components/loader';
import { EditProfileDialog } from './edit-profile-dialog';
import { type FollowListKind, FollowListDialog } from './follow-list-dialog';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import './profile.css';

export interface PostListProps {
  posts: Post[];
  emptyText: string;
  label: string;
}

export interface ProfilePageProps {
  userName: string;
  /** The feed's post list (with its one post card), composed in by the shell. */
  PostList: ComponentType<PostListProps>;
}

/** /profile/{userName}: the person, their counts, and their posts in three tabs (spec 2). */
export default function ProfilePage({ userName, PostList }: ProfilePageProps) {
  const users = useSession((state) => state.users);
  const usersState = useUsersList(users.length > 0);
  const user = users.find((candidate) => candidate.username === userName);

  if (user) return <ProfileView key={user._id} user={user} PostList={PostList} />;
  if (usersState.error) {
    return (
      <section className="profile profile--message" aria-labelledby="profile-error-heading">
        <h1 id="profile-error-heading">This profile could not be loaded</h1>
        <p role="alert">{usersState.error}</p>
        <button type="button" className="button button--primary" onClick={usersState.retry}>
          Try again
        </button>
      </section>
    );
  }
  if (users.length === 0) return <Loader label="Loading the profile" />;
  return (
    <section className="profile profile--message" aria-labelledby="profile-missing-heading">
      <h1 id="profile-missing-heading">Profile not found</h1>
      <p>
        Nobody here is called <strong>@{userName}</strong>. The account may have a different name, or it
        may not exist.
      </p>
      <Link to={paths.home} className="button button--primary">
        Go to Home
      </Link>
    </section>
  );
}

/**
 * The shell preloads the users; a page opened before that finished (or after it failed) asks for
 * them itself, so it never waits forever.
 */
function useUsersList(loaded: boolean) {
  const loadUsers = useSession((state) => state.loadUsers);
  // Signing out empties the users on the way to the login page: nothing to fetch then.
  const loggedIn = useSession((state) => Boolean(state.token));
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    if (loaded || !loggedIn) return;
    let current = true;
    loadUsers().catch((reason: unknown) => current && setError(errorMessage(reason)));
    return () => {
      current = false;
    };
  }, [loaded, loggedIn, loadUsers, attempt]);
  return {
    error: loaded ? '' : error,
    retry: () => {
      setError('');
      setAttempt((count) => count + 1);
    },
  };
}

function ProfileView({ user, PostList }: { user: User; PostList: ComponentType<PostListProps> }) {
  const username = useSession((state) => state.username);
  const allPosts = useSession((state) => state.allPosts);
  const ownBookmarks = useSession((state) => state.bookmarks);
  const profileDraftChanged = useSession((state) => state.profileDraftChanged);
  const selectedProfileImageChanged = useSession((state) => state.selectedProfileImageChanged);
  const [editing, setEditing] = useState(false);
  const [followList, setFollowList] = useState<FollowListKind | null>(null);
  const headingId = useId();
  const isOwn = user.username === username;
  // The current user's bookmarks change without a users reload; the session holds the fresh list.
  const bookmarkIds = isOwn ? ownBookmarks : user.bookmarks;

  const { posts, likedPosts, bookmarkedPosts } = useMemo(() => {
    const bookmarked = new Set(bookmarkIds);
    return {
      posts: allPosts.filter((post) => post.username === user.username),
      likedPosts: allPosts.filter((post) => post.likes.likedBy.some((liker) => liker._id === user._id)),
      bookmarkedPosts: allPosts.filter((post) => bookmarked.has(post._id)),
    };
  }, [allPosts, bookmarkIds, user._id, user.username]);

  const startEditing = () => {
    // Spec 4: opening the dialog copies the current values into the draft.
    profileDraftChanged({ title: user.title ?? '', bio: user.bio ?? '', website: user.website ?? '' });
    selectedProfileImageChanged(user.profilePic);
    setEditing(true);
  };

  return (
    <section className="profile" aria-labelledby={headingId}>
      <ProfileHeader
        user={user}
        isOwn={isOwn}
        postCount={posts.length}
        headingId={headingId}
        onEdit={startEditing}
        onShowList={setFollowList}
      />
      <ProfileTabs
        label={`Posts of ${user.firstName} ${user.lastName}`.trim()}
        tabs={[
          { label: 'Posts', render: () => <PostList posts={posts} emptyText="Add a Post!" label="Posts" /> },
          {
            label: 'Liked Posts',
            render: () => <PostList posts={likedPosts} emptyText="No Liked Posts!" label="Liked Posts" />,
          },
          {
            label: 'Bookmark Post',
            render: () => <PostList posts={bookmarkedPosts} emptyText="No Bookmark Posts!" label="Bookmark Post" />,
          },
        ]}
      />
      {followList && (
        <FollowListDialog
          kind={followList}
          people={followList === 'following' ? user.following : user.followers}
          onClose={() => setFollowList(null)}
        />
      )}
      {editing && <EditProfileDialog user={user} onClose={() => setEditing(false)} />}
    </section>
  );
}
