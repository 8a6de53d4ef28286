import { useSession } from '@chirp/shared';
export default function Placeholder() {
  const count = useSession((s) => s.allPosts.length);
  return <section><h1>bookmarks-page</h1><p>{count} posts</p></section>;
}
