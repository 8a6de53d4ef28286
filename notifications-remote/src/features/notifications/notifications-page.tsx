import { type Notification, paths } from '@chirp/contracts';
import { errorMessage, queryClient } from '@chirp/session';
import { markNotificationsRead, useNotificationPages } from '../../lib/notification-queries';
import { queryKeys } from '@chirp/queries';
import { Avatar, RelativeTime, RetryAlert, Spinner } from '@chirp/ui';
import '@chirp/ui/styles.css';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { notificationText } from './notification-text';
import './notifications-page.css';

/** Where a line leads: the post it is about, else (a follow) the newest follower's profile. */
function targetOf(notification: Notification): string {
  if (notification.post) return paths.post(notification.post._id);
  const actor = notification.actors[0];
  return actor ? paths.profile(actor.username) : paths.notifications;
}

function NotificationLine({ notification }: { notification: Notification }) {
  const pictures = notification.actors.slice(0, 3);
  return (
    <li>
      <Link to={targetOf(notification)} className={`notification${notification.read ? '' : ' notification--unread'}`}>
        <span className="notification__pictures" aria-hidden="true">
          {pictures.map((actor) => (
            <Avatar key={actor._id} className="avatar notification__picture" src={actor.profilePic} size={32} />
          ))}
        </span>
        <span className="notification__body">
          {!notification.read && <span className="visually-hidden">Unread: </span>}
          <span className="notification__text">{notificationText(notification)}</span>{' '}
          <RelativeTime className="notification__time" dateTime={notification.updatedAt} />
          {notification.post && <span className="notification__excerpt">{notification.post.content}</span>}
        </span>
      </Link>
    </li>
  );
}

const subscribeToCache = (listener: () => void) => queryClient.getQueryCache().subscribe(() => listener());
const unreadCount = () => queryClient.getQueryData<number>(queryKeys.unreadNotifications) ?? 0;

/**
 * The unread count the badge shows, as the session's cache holds it: live updates set it, or the
 * badge's own asking while they do not flow. Read, never fetched here: the badge does the asking.
 */
const useUnreadCount = () => useSyncExternalStore(subscribeToCache, unreadCount, unreadCount);

/**
 * /notifications: who liked or reposted your posts, followed you, replied to you, mentioned you
 * and quoted your posts, newest first, a page at a time. Opening the page marks them read (the lines new to this visit keep
 * their mark until the next one); what arrives while it is open joins the list as it comes.
 */
export default function NotificationsPage() {
  const { data, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useNotificationPages();
  const titleId = useId();
  const marked = useRef(false);
  const loaded = data !== undefined;

  // Set once the visit's lines are marked read: an unread count after that is news.
  const seen = useRef(false);
  const unread = useUnreadCount();

  useEffect(() => {
    if (!loaded || marked.current) return;
    marked.current = true;
    // The badge is a courtesy: if this fails, it shows again and the next visit tries again.
    markNotificationsRead().then(
      () => {
        seen.current = true;
      },
      () => {
        marked.current = false;
      },
    );
  }, [loaded]);

  // Lines that arrive while the page is open: the list loads again and shows them (marked unread),
  // and, being shown, they are read, so the badge does not stay up for what is on the screen.
  useEffect(() => {
    if (!seen.current || unread === 0) return;
    let current = true;
    void refetch()
      .then((result) => (current && result.isSuccess ? markNotificationsRead() : undefined))
      .catch(() => {}); // the badge stays, and the next count or visit tries again
    return () => {
      current = false;
    };
  }, [unread, refetch]);

  const notifications = data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <section className="notifications" aria-labelledby={titleId}>
      <h1 id={titleId} className="notifications__title">
        Notifications
      </h1>
      {!data && error ? (
        <RetryAlert message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : !data ? (
        <Spinner label="Loading notifications" />
      ) : notifications.length === 0 ? (
        <p className="notifications__empty">No notifications yet</p>
      ) : (
        <>
          <ol className="notifications__list" aria-labelledby={titleId}>
            {notifications.map((notification) => (
              <NotificationLine key={notification._id} notification={notification} />
            ))}
          </ol>
          {isFetchNextPageError && <p role="alert">{errorMessage(error)}</p>}
          {hasNextPage && (
            <button type="button" className="button notifications__more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? 'Loading…' : 'Show more notifications'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
