/**
 * The account's own settings (GET and POST /api/account), its password and sessions, and the people
 * it mutes and blocks, answered from this back end's data with the shared rules, as the server
 * answers them (server/src/api/account-routes.ts).
 */
import { ACCOUNT_ERRORS } from '@chirp/contracts';
import {
  accountDataOf,
  claimsOf,
  deleteAccount,
  currentMoment,
  editAccount,
  findCaller,
  issueToken,
  readAccountEdit,
  readJsonObject,
  readAccountDeletion,
  readPasswordChange,
  refuse,
  reserveUsername,
  relationHandlers,
  mutedWordHandlers,
  mutedWordsOf,
  renewSessions,
  toAccount,
  toAccountExport,
  type RouteName,
} from '@chirp/api-rules';
import { keepChange, reply, specView, type RouteHandler } from './http';
import { hashPassword, verifyPassword } from './passwords';

export const accountHandlers = {
  account: async (_call, backend, claims) => reply({ account: toAccount(findCaller(backend.db, claims!), backend.moderatorNames) }),
  editAccount: async (call, backend, claims) => {
    const input = readAccountEdit(readJsonObject(call.body));
    const moment = currentMoment();
    const { user } = await backend.change((db) => editAccount(db, findCaller(db, claims!), input, moment));
    return reply({ account: toAccount(user, backend.moderatorNames) });
  },
  ...relationHandlers(keepChange),
  ...mutedWordHandlers(keepChange),
  mutedWords: async (_call, { db }, claims) => reply({ words: mutedWordsOf(findCaller(db, claims!)) }),
  changePassword: async (call, backend, claims) => {
    const { currentPassword, newPassword } = readPasswordChange(readJsonObject(call.body));
    if (!(await verifyPassword(currentPassword, findCaller(backend.db, claims!).passwordHash))) {
      refuse(403, ACCOUNT_ERRORS.wrongCurrentPassword);
    }
    const passwordHash = await hashPassword(newPassword);
    const { db, user } = await backend.change((current) => renewSessions(current, findCaller(current, claims!), passwordHash));
    return reply({ encodedToken: await issueToken(db.tokenSecret, claimsOf(user)) });
  },
  signOutEverywhere: async (_call, backend, claims) => {
    await backend.change((db) => renewSessions(db, findCaller(db, claims!)));
    return reply({ signedOutEverywhere: true });
  },
  exportAccount: async (_call, { db }, claims) => {
    const view = specView(claims!._id);
    return reply({ data: toAccountExport(accountDataOf(db, findCaller(db, claims!), view), view, currentMoment().now) });
  },
  deleteAccount: async (call, backend, claims) => {
    const { password } = readAccountDeletion(readJsonObject(call.body));
    const caller = findCaller(backend.db, claims!);
    if (!(await verifyPassword(password, caller.passwordHash))) refuse(403, ACCOUNT_ERRORS.wrongPasswordToDelete);
    const reservation = await reserveUsername(caller.username, currentMoment().now);
    await backend.change((db) => deleteAccount(db, findCaller(db, claims!), reservation));
    return reply({ accountDeleted: true });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
