import { changeWithoutCaller, reply, specView, viewerIn, type RouteHandler } from './http';
import { hashPassword, verifyPassword } from './passwords';
import {
  claimsOf,
  indexUsers,
  issueToken,
  readCredentials,
  readJsonObject,
  readSignupCall,
  refuse,
  refuseIfSuspended,
  type RouteName,
  signUp,
  SPEC_ERRORS,
  toProfile,
  toPublicUser,
  userForLogin,
  wantsCompact,
} from '@chirp/api-rules';

export const authHandlers = {
  signup: async (call, backend) => {
    const { compact, profile, passwordHash, nameDigest } = await readSignupCall(call, hashPassword);
    const { db, user } = await changeWithoutCaller(backend, (current, moment) => signUp(current, { ...profile, passwordHash }, moment, nameDigest));
    const encodedToken = await issueToken(db.tokenSecret, claimsOf(user));
    const createdUser = compact ? toProfile(db, user, viewerIn(db, claimsOf(user))) : toPublicUser(user, indexUsers(db), specView(user._id));
    return reply({ createdUser, encodedToken }, 201);
  },
  login: async (call, backend) => {
    const compact = wantsCompact(call.query);
    const { username, password } = readCredentials(readJsonObject(call.body));
    const { db } = backend;
    const user = userForLogin(db, username);
    if (!(await verifyPassword(password, user.passwordHash))) refuse(401, SPEC_ERRORS.wrongPassword);
    refuseIfSuspended(user);
    const encodedToken = await issueToken(db.tokenSecret, claimsOf(user));
    const foundUser = compact ? toProfile(db, user, viewerIn(db, claimsOf(user))) : toPublicUser(user, indexUsers(db), specView(user._id));
    return reply({ foundUser, encodedToken });
  },
} satisfies Partial<Record<RouteName, RouteHandler>>;
