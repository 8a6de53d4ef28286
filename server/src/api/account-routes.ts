/**
 * The account's own settings (GET and POST /api/account), its password and sessions, and the people
 * it mutes and blocks, answered from the database with the shared rules, as the in-browser back end
 * answers them (browser-backend/src/account-routes.ts).
 */
import { ACCOUNT_ERRORS } from '@chirp/contracts';
import {
  readAccountDeletion,
  reserveUsername,
  toAccountExport,
  relationHandlers,
  mutedWordHandlers,
  mutedWordsOf,
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
  type TokenClaims,
} from '@chirp/api-rules';
import { deleteAccountRows, loadAccountData } from '../db/account-data';
import { loadUsersById } from '../db/records';
import { change, currentMoment, isUniqueViolation, keepChange, reply, specView, token, type RouteHandler } from './context';
import type { Queryable } from '../db/sql';

const none: Database = { tokenSecret: '', users: [], posts: [] };

/** The caller's own row, without relations (the settings, a password check). */
async function loadCaller(q: Queryable, claims: TokenClaims) {
  const users = await loadUsersById(q, [claims._id], []);
  return findCaller({ ...none, users }, claims);
}

export const accountHandlers = {
  // No relation is read: the settings hold none.
  account: async (_call, services, claims) => reply({ account: toAccount(await loadCaller(services.sql, claims!), services.moderatorNames) }),
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
  ...mutedWordHandlers(keepChange),
  mutedWords: async (_call, { sql }, claims) => reply({ words: mutedWordsOf(await loadCaller(sql, claims!)) }),
  changePassword: async (call, services, claims) => {
    const { currentPassword, newPassword } = readPasswordChange(readJsonObject(call.body));
    const caller = await loadCaller(services.sql, claims!);
    if (!(await services.passwords.verify(currentPassword, caller.passwordHash))) refuse(403, ACCOUNT_ERRORS.wrongCurrentPassword);
    const passwordHash = await services.passwords.hash(newPassword);
    const { user } = await change(services.sql, { userIds: [caller._id], narrow: true }, (db) => renewSessions(db, findCaller(db, claims!), passwordHash));
    return reply({ encodedToken: await token(services, user) });
  },
  signOutEverywhere: async (_call, { sql }, claims) => {
    await change(sql, { userIds: [claims!._id], narrow: true }, (db) => renewSessions(db, findCaller(db, claims!)));
    return reply({ signedOutEverywhere: true });
  },
  exportAccount: async (call, services, claims) => {
    const view = specView(call, claims!._id);
    // One snapshot: the lists agree with one another even while the account goes on changing.
    const data = await services.sql.transaction(async (tx) => {
      await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return loadAccountData(tx, await loadCaller(tx, claims!), view);
    });
    return reply({ data: toAccountExport(data, view, currentMoment().now) });
  },
  deleteAccount: async (call, services, claims) => {
    const { password } = readAccountDeletion(readJsonObject(call.body));
    const caller = await loadCaller(services.sql, claims!);
    if (!(await services.passwords.verify(password, caller.passwordHash))) refuse(403, ACCOUNT_ERRORS.wrongPasswordToDelete);
    const reservation = await reserveUsername(caller.username, currentMoment().now);
    const uploads = await services.sql.transaction((tx) => deleteAccountRows(tx, caller, reservation));
    // Files are not in the transaction: removed once it is committed (a failure leaves a file no row names).
    for (const name of uploads) {
      await services.images.remove(name).catch((error: unknown) => console.error(`Could not remove the upload ${name} of a deleted account:`, error));
    }
    return reply({ accountDeleted: true });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
