import { useSession } from '@chirp/shared';
export default function Placeholder() {
  const name = useSession((s) => s.loginForm.username);
  return <section><h2>side-panel</h2><p>login form name: {name}</p></section>;
}
