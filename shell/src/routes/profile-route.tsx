import type { PostListProps } from '@chirp/seams';
import { useParams } from 'react-router-dom';
import { mainPlaceholders } from '../layout/app-frame';
import { RemoteArea } from '../remotes/remote-area';

/**
 * The profile and search pages come from profile-remote; their post lists are the feed's, which the
 * shell composes in, so neither remote imports the other. Home (the feed's) takes profile's suggestions the same way.
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

/** Home's empty Following list suggests people: profile-remote's list, composed in here. */
function ProfileWhoToFollow() {
  return <RemoteArea module="profile/WhoToFollow" label="suggestions" />;
}

export function HomeRoute() {
  return (
    <RemoteArea
      module="feed/HomePage"
      label="home feed"
      props={{ WhoToFollow: ProfileWhoToFollow }}
      // The frame's placeholders, where the page painted them, until the feed's page comes.
      loading={mainPlaceholders('Loading the home feed')}
    />
  );
}

export function SearchRoute() {
  return <RemoteArea module="profile/SearchPage" label="search" props={{ PostList: FeedPostList }} />;
}
