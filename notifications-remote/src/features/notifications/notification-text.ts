import type { Notification } from '@chirp/contracts';

/** The newest actor's first name (their username when they have none). */
const nameOf = (notification: Notification) => {
  const actor = notification.actors[0];
  return actor ? actor.firstName.trim() || actor.username : 'Someone';
};

/**
 * What a line says: "Ana liked your post", "Ana and 1 other liked your post", "Ana and 3 others
 * followed you", "Ana replied to your post", "Ana mentioned you", "Ana and 1 other reposted your
 * post", "Ana quoted your post".
 */
export function notificationText(notification: Notification): string {
  const others = notification.actorCount - 1;
  const who = others > 0 ? `${nameOf(notification)} and ${others} ${others === 1 ? 'other' : 'others'}` : nameOf(notification);
  switch (notification.kind) {
    case 'like':
      return `${who} liked your post`;
    case 'follow':
      return `${who} followed you`;
    case 'reply':
      return `${who} replied to your post`;
    case 'mention':
      return `${who} mentioned you`;
    case 'repost':
      return `${who} reposted your post`;
    case 'quote':
      return `${who} quoted your post`;
  }
}
