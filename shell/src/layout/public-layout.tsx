import { Outlet } from 'react-router-dom';

/** Login and sign-up: the auth remote owns the whole page. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <Outlet />
    </div>
  );
}
