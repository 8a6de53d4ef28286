import { Value } from 'typebox/value';
import { describe, expect, it, vi } from 'vitest';
import { DECIDED_ERRORS, SPEC_ERRORS } from '../decisions';
import { Refusal } from '../database';
import { API_ROUTES, BODY_READERS, routeTable, type BodyName, type RouteHandlers } from '../routes';
import { BODY_SCHEMAS } from '../schemas';
import type { ApiCall } from '../calls';

const goodSignup = { username: 'ada', password: 'long enough', firstName: 'Ada', lastName: 'Lovelace' };
/** Bodies of every kind the contract's bad-input suite sends, and good ones. */
const SAMPLES: Record<BodyName, unknown[]> = {
  credentials: [{ username: 'a', password: 'b' }, {}, { username: 5, password: 'x' }, { username: 'a' }, { username: null, password: 'x' }, [], 'text', null, 7, { username: 'a', password: 'b', more: 1 }],
  signup: [
    goodSignup,
    { ...goodSignup, nickname: 'Countess' },
    { ...goodSignup, passwordConfirm: 5 },
    { ...goodSignup, firstName: 5 },
    { ...goodSignup, title: null },
    { username: 'ada' },
    {},
    [],
    'x',
  ],
  profileEdit: [{ userData: {} }, { userData: { bio: 'hi', website: 'https://chirp.example' } }, { userData: { title: 5 } }, { userData: null }, {}, { userData: 'x' }, [1]],
  postData: [
    { postData: { content: 'hi' } },
    { postData: { content: 'hi', image: null } },
    { postData: {} },
    { postData: { content: 5 } },
    { postData: { image: 5 } },
    { postData: 'x' },
    {},
    null,
  ],
  report: [{ reason: 'spam' }, { reason: 'other', details: 'why' }, { reason: 'rude' }, { reason: 5 }, { reason: 'spam', details: 5 }, {}, [], null],
  passwordChange: [
    { currentPassword: 'guest@chirp1', newPassword: 'a new one, long enough' },
    { currentPassword: 'x', newPassword: 'short' },
    { currentPassword: '', newPassword: 'long enough' },
    { newPassword: 'long enough' },
    { currentPassword: 5, newPassword: 'long enough' },
    {},
    null,
  ],
  accountDeletion: [{ password: 'guest@chirp1' }, { password: '' }, { password: 5 }, {}, null],
  mutedWord: [{ word: 'spoilers' }, { word: '  Game  of Thrones ' }, { word: '#tag' }, { word: '' }, { word: '!!!' }, { word: 5 }, {}, [], null],
  accountEdit: [
    { email: 'ada@example.com' },
    { firstName: 'Ada', lastName: 'Byron', email: '' },
    {},
    { nickname: 'Ada' },
    { email: 5 },
    { email: 'not an address' },
    { firstName: '' },
    { firstName: null },
    [],
    'x',
  ],
};

const refusalOf = (read: () => unknown): Refusal | undefined => {
  try {
    read();
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
};

describe('the body schemas', () => {
  it('name a schema for every route that takes a body', () => {
    const bodies = Object.values(API_ROUTES).flatMap((route) => ('body' in route ? [route.body] : []));
    expect(new Set(bodies)).toEqual(new Set(Object.keys(BODY_SCHEMAS)));
  });

  for (const name of Object.keys(SAMPLES) as BodyName[]) {
    it(`are never stricter than the rules: every ${name} body the schema refuses, the rules refuse too`, () => {
      let accepted = 0;
      for (const sample of SAMPLES[name]) {
        const valid = Value.Check(BODY_SCHEMAS[name as keyof typeof BODY_SCHEMAS], sample);
        const refusal = refusalOf(() => BODY_READERS[name](JSON.stringify(sample)));
        if (!valid) expect(refusal, JSON.stringify(sample)).toBeInstanceOf(Refusal);
        if (valid && !refusal) accepted += 1;
      }
      expect(accepted).toBeGreaterThan(0);
    });
  }
});

describe('the route table with a body its schema refused', () => {
  const call = (body: string, bodyMismatch: string): ApiCall => ({
    method: 'POST',
    path: '/auth/login',
    params: {},
    query: new URLSearchParams(),
    headers: {},
    body,
    bodyMismatch,
  });
  const login = vi.fn();
  const handlers = new Proxy({}, { get: () => login }) as RouteHandlers<null>;
  const route = routeTable(handlers, { tokenSecret: () => 'secret', unexpected: () => ({ status: 500, body: null }) }).find(
    (entry) => entry.name === 'login',
  )!;

  it('answers with the rules’ own refusal, and the route never runs', async () => {
    const answer = await route.run(call('{"username":5}', '/username must be string'), null);
    expect(answer).toEqual({ status: 400, body: { errors: [DECIDED_ERRORS.notText('username')] } });
    expect((await route.run(call('{}', "must have required property 'username'"), null)).body).toEqual({ errors: [SPEC_ERRORS.emptyCredentials] });
    expect(login).not.toHaveBeenCalled();
  });

  it('answers with the schema’s words when the rules would have taken the body', async () => {
    const answer = await route.run(call('{"username":"ada","password":"pw"}', '/password must match the schema'), null);
    expect(answer).toEqual({
      status: 400,
      body: { errors: ['The request body does not match the API: /password must match the schema.'] },
    });
    expect(login).not.toHaveBeenCalled();
  });
});
