import type { PostListProps } from '@chirp/seams';
import { useParams } from 'react-router-dom';
import { RemoteArea } from '../remotes/remote-area';

/**
 * The profile and search pages come from profile-remote; their post lists are the feed's, which the
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

export function SearchRoute() {
  return <RemoteArea module="profile/SearchPage" label="search" props={{ PostList: FeedPostList }} />;
}
