/**
 * The account's own settings (GET and POST /api/account), its password and sessions, and the people
 * it mutes and blocks, answered from the database with the shared rules, as the in-browser back end
 * answers them (browser-backend/src/account-routes.ts).
 */
import { ACCOUNT_ERRORS } from '@chirp/contracts';
import {
  relationHandlers,
  readPasswordChange,
  renewSessions,
  editAccount,
  findCaller,
  readAccountEdit,
  readJsonObject,
  refuse,
  toAccount,
  type Database,
  type RouteName,
} from '@chirp/api-rules';
import { loadUsersById } from '../db/records';
import { hashPassword, verifyPassword } from '../passwords';
import { change, currentMoment, isUniqueViolation, keepChange, reply, token, type RouteHandler } from './context';

const none: Database = { tokenSecret: '', users: [], posts: [] };

export const accountHandlers = {
  account: async (_call, { sql, moderatorNames }, claims) => {
    // No relation is read: the settings hold none.
    const users = await loadUsersById(sql, [claims!._id], []);
    return reply({ account: toAccount(findCaller({ ...none, users }, claims!), moderatorNames) });
  },
  editAccount: async (call, { sql, moderatorNames }, claims) => {
    const input = readAccountEdit(readJsonObject(call.body));
    const moment = currentMoment();
    // Another account's address is refused by the unique index (in any case), which also decides a race.
    const { user } = await change(sql, { userIds: [claims!._id], narrow: true }, (db) =>
      editAccount(db, findCaller(db, claims!), input, moment),
    ).catch((error: unknown) => (isUniqueViolation(error) ? refuse(409, ACCOUNT_ERRORS.emailTaken) : Promise.reject(error)));
    return reply({ account: toAccount(user, moderatorNames) });
  },
  ...relationHandlers(keepChange),
  changePassword: async (call, services, claims) => {
    const { currentPassword, newPassword } = readPasswordChange(readJsonObject(call.body));
    const [stored] = await loadUsersById(services.sql, [claims!._id], []);
    const caller = findCaller({ ...none, users: stored ? [stored] : [] }, claims!);
    if (!(await verifyPassword(currentPassword, caller.passwordHash))) refuse(403, ACCOUNT_ERRORS.wrongCurrentPassword);
    const passwordHash = await hashPassword(newPassword);
    const { user } = await change(services.sql, { userIds: [caller._id], narrow: true }, (db) => renewSessions(db, findCaller(db, claims!), passwordHash));
    return reply({ encodedToken: await token(services, user) });
  },
  signOutEverywhere: async (_call, { sql }, claims) => {
    await change(sql, { userIds: [claims!._id], narrow: true }, (db) => renewSessions(db, findCaller(db, claims!)));
    return reply({ signedOutEverywhere: true });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
