import { useSession } from '@chirp/shared';
export default function Placeholder() {
  const name = useSession((s) => s.loginForm.username);
  return <section><h2>profile-page</h2><p>login form name: {name}</p></section>;
}
