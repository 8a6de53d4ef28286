import { useSession } from '@chirp/shared';

export default function LoginPage() {
  const username = useSession((s) => s.loginForm.username);
  const changed = useSession((s) => s.loginFormChanged);
  return (
    <main>
      <h1>Stay Always Connceted</h1>
      <input aria-label="Email address" value={username} onChange={(e) => changed({ username: e.target.value })} />
    </main>
  );
}
