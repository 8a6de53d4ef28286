import { useSession } from '@chirp/shared';
export default function Placeholder() {
  const count = useSession((s) => s.allPosts.length);
  return <section><h1>composer-dialog</h1><p>{count} posts</p></section>;
}
