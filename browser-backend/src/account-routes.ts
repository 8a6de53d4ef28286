/**
 * The account's own settings (GET and POST /api/account) and the people it mutes and blocks, answered from this back end's data with
 * the shared rules, as the server answers them (server/src/api/account-routes.ts).
 */
import { currentMoment, editAccount, findCaller, readAccountEdit, readJsonObject, relationHandlers, toAccount, type RouteName } from '@chirp/api-rules';
import { keepChange, reply, type RouteHandler } from './http';

export const accountHandlers = {
  account: async (_call, backend, claims) => reply({ account: toAccount(findCaller(backend.db, claims!)) }),
  editAccount: async (call, backend, claims) => {
    const input = readAccountEdit(readJsonObject(call.body));
    const moment = currentMoment();
    const { user } = await backend.change((db) => editAccount(db, findCaller(db, claims!), input, moment));
    return reply({ account: toAccount(user) });
  },
  ...relationHandlers(keepChange),
} satisfies Partial<Record<RouteName, RouteHandler>>;
