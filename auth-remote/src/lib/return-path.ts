import { paths } from '@chirp/contracts';

interface GuardState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/**
 * Where to go after logging in: the page the route guard turned the visitor away from
 * (`location.state.from`), else /home.
 */
export function returnPath(locationState: unknown): string {
  const from = (locationState as GuardState | null)?.from;
  const pathname = from?.pathname;
  if (!pathname || pathname === paths.login || pathname === paths.signup) return paths.home;
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
