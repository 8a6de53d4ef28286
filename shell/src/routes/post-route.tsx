import { useParams } from 'react-router-dom';
import { RemoteArea } from '../remotes/remote-area';

/** /post/{postId}: the conversation around one post, from feed-remote. */
export function PostRoute() {
  const { postId = '' } = useParams();
  return <RemoteArea module="feed/PostPage" label="post" props={{ postId }} />;
}
