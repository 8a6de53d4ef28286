/** Notifications, from this back end's data; the lines are kept by the changes that cause them. */
import { keepChange, reply, viewerIn, type RouteHandler } from './http';
import {
  findCaller,
  markNotificationsRead,
  pageNotifications,
  readPeoplePageRequest,
  type RouteName,
  toNotification,
  unreadCount,
} from '@chirp/api-rules';

export const notificationsHandlers = {
  notifications: async (call, backend, claims) => {
    const { db } = backend;
    const viewer = viewerIn(db, claims);
    const page = pageNotifications(db, viewer.caller!._id, readPeoplePageRequest(call.query));
    return reply({ notifications: page.lines.map((line) => toNotification(db, line, viewer)), nextCursor: page.nextCursor });
  },
  unreadNotifications: async (_call, backend, claims) => {
    const caller = findCaller(backend.db, claims!);
    return reply({ unread: unreadCount(backend.db, caller._id) });
  },
  readNotifications: async (_call, backend, claims) => {
    const db = await keepChange(backend, { compact: true }, (current) => markNotificationsRead(current, findCaller(current, claims!)._id));
    return reply({ unread: unreadCount(db, claims!._id) });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
