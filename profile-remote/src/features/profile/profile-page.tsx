import { paths, type Profile } from '@chirp/contracts';
import type { PostListProps, ProfilePageProps } from '@chirp/seams';
import { ApiError, errorMessage, useSession } from '@chirp/session';
import { useProfile } from '../../lib/profile-queries';
import { Spinner, Tabs } from '@chirp/ui';
import { type ComponentType, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EditProfileDialog } from './edit-profile-dialog';
import { type FollowListKind, FollowListDialog } from './follow-list-dialog';
import { ProfileHeader } from './profile-header';
import '@chirp/ui/styles.css';
import './profile.css';
import { useProfileStore } from '../../lib/profile-store';

/**
 * /profile/{userName}: the person, their counts, and their posts in tabs: the spec's three (Posts, Liked
 * Posts, Bookmark Post) and Replies on one's own profile; Posts and Replies on someone else's. The tabs
 * use the feed's post list (feed/PostList, with its one post card), composed in by the shell.
 */
export default function ProfilePage({ userName, PostList }: ProfilePageProps) {
  const { data: profile, error, refetch } = useProfile(userName);

  if (profile) return <ProfileView key={profile._id} profile={profile} PostList={PostList} />;
  if (error instanceof ApiError && error.status === 404) {
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
  if (error) {
    return (
      <section className="profile profile--message" aria-labelledby="profile-error-heading">
        <h1 id="profile-error-heading">This profile could not be loaded</h1>
        <p role="alert">{errorMessage(error)}</p>
        <button type="button" className="button button--primary" onClick={() => void refetch()}>
          Retry
        </button>
      </section>
    );
  }
  return <Spinner label="Loading the profile" />;
}

function ProfileView({ profile, PostList }: { profile: Profile; PostList: ComponentType<PostListProps> }) {
  const username = useSession((state) => state.username);
  const setProfileDraft = useProfileStore((state) => state.setProfileDraft);
  const setSelectedProfileImage = useProfileStore((state) => state.setSelectedProfileImage);
  const [editing, setEditing] = useState(false);
  const [followList, setFollowList] = useState<FollowListKind | null>(null);
  const headingId = useId();
  const isOwn = profile.username === username;
  const sources = useMemo(
    () => ({
      posts: { kind: 'user', username: profile.username } as const,
      liked: { kind: 'liked', username: profile.username } as const,
      bookmarked: { kind: 'bookmarked' } as const,
      replies: { kind: 'userReplies', username: profile.username } as const,
    }),
    [profile.username],
  );

  // The person's replies, after the spec's tabs.
  const repliesTab = {
    label: 'Replies',
    render: () => <PostList source={sources.replies} emptyText="No replies yet" label="Replies" />,
  };

  const startEditing = () => {
    // Spec 4: opening the dialog copies the current values into the draft.
    setProfileDraft({ title: profile.title ?? '', bio: profile.bio ?? '', website: profile.website ?? '' });
    setSelectedProfileImage(profile.profilePic);
    setEditing(true);
  };

  return (
    <section className="profile" aria-labelledby={headingId}>
      <ProfileHeader profile={profile} isOwn={isOwn} headingId={headingId} onEdit={startEditing} onShowList={setFollowList} />
      <Tabs
        label={`Posts of ${profile.firstName} ${profile.lastName}`.trim()}
        tabs={
          isOwn
            ? [
                { label: 'Posts', render: () => <PostList source={sources.posts} emptyText="Add a Post!" label="Posts" /> },
                {
                  label: 'Liked Posts',
                  render: () => <PostList source={sources.liked} emptyText="No Liked Posts!" label="Liked Posts" />,
                },
                {
                  label: 'Bookmark Post',
                  render: () => <PostList source={sources.bookmarked} emptyText="No Bookmark Posts!" label="Bookmark Post" />,
                },
                repliesTab,
              ]
            : // A visitor sees what the person wrote: what they like and keep is theirs, and 'Add a Post!'
              // is a prompt for the owner only.
              [{ label: 'Posts', render: () => <PostList source={sources.posts} emptyText="No posts yet" label="Posts" /> }, repliesTab]
        }
      />
      {followList && <FollowListDialog kind={followList} userId={profile._id} onClose={() => setFollowList(null)} />}
      {editing && <EditProfileDialog user={profile} onClose={() => setEditing(false)} />}
    </section>
  );
}
