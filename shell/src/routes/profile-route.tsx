import type { PostListProps } from '@chirp/seams';
import { useParams } from 'react-router-dom';
import { RemoteArea } from '../remotes/remote-area';

/**
 * The profile page comes from profile-remote; its post tabs use the feed's post list, which the
 * shell composes in, so neither remote imports the other.
 */
function FeedPostList(props: PostListProps) {
  return <RemoteArea module="feed/PostList" label="posts" props={props} />;
}

export function ProfileRoute() {
  const { userName = '' } = useParams();
  return (
    <RemoteArea
      module="profile/ProfilePage"
      label="profile"
      props={{ userName, PostList: FeedPostList }}
    />
  );
}
