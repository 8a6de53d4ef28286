import { paths } from '@chirp/contracts';
import { useUnreadNotifications } from '@chirp/queries';
import { BellIcon } from '@chirp/ui';
import { NavLink } from 'react-router-dom';

/** What the badge shows: the count, up to 99. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The Notifications entry of the navigation: while some are unread its name is
 * 'Notifications, N unread' and a badge shows N. The page itself is notifications-remote's.
 */
export function NotificationsLink({ showLabel }: { showLabel: boolean }) {
  const { data: unread = 0 } = useUnreadNotifications();
  const name = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <NavLink to={paths.notifications} className="nav-link" aria-label={name}>
      <span className="nav-link__icon">
        <BellIcon size={24} />
        {unread > 0 && (
          <span className="nav-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </span>
      {showLabel && <span className="nav-link__label">Notifications</span>}
    </NavLink>
  );
}
