/**
 * A table of bad tokens, ids, bodies and queries thrown at each of the 18 calls: every answer is a
 * refusal with a message (never a 5xx, never a hang), and nothing changes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { SPEC_ERRORS } from '@chirp/api-rules';
import { CALLS, pathTo, pathWithParameter, type CallSpec, type Targets } from './calls';
import { contractClient, forgeToken, unsignedToken, type Answer, type CallOptions, type ContractContext, type Method } from './contract-client';

const BAD_IDS = [
  'does-not-exist',
  '00000000-0000-4000-8000-000000000000',
  '%20',
  '%00',
  '..%2F..%2Fusers',
  'x'.repeat(3000),
  '%E2%82%AC',
  '%E0%A4%A',
  '%',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  '%7B%22%24ne%22%3Anull%7D',
  "'%20OR%201%3D1",
];

const BAD_BODIES = [
  'not json',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"postData":null}',
  '{"postData":[]}',
  '{"postData":"x"}',
  '{"postData":{"content":{}}}',
  '{"postData":{"content":"x","image":{}}}',
  '{"postData":{"content":"x","image":"javascript:alert(1)"}}',
  `{"postData":{"content":"${'x'.repeat(20_000)}"}}`,
  '{"userData":null}',
  '{"userData":{"profilePic":7}}',
  '{"userData":{"website":"javascript:alert(1)"}}',
  '{"userData":{"username":"someone.else"}}',
  '{"username":[],"password":{}}',
  '{"username":"guestuser","password":"wrong password"}',
  '{"username":"guestuser","password":"short","firstName":"A","lastName":"B"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
];

const BAD_QUERIES = ['?limit=0', '?limit=1e3', '?limit=-5', '?cursor=%25%25', '?limit=5&cursor=eyJ9', '?sort=__proto__', '?sort=oldest'];

const isPostList = (call: CallSpec) => call.name === 'list posts' || call.name === "list a user's posts";
/** 'list users' takes no token, id, body or query: the public-read test below covers it. */
const TABLE_CALLS = CALLS.filter((call) => call.protected || call.parameter || call.body || isPostList(call));

interface Case {
  label: string;
  method: Method;
  path: string;
  options: CallOptions;
  /** The status this case must get; otherwise any refusal (4xx). */
  status?: number;
}

async function casesFor(call: CallSpec, targets: Targets, token: string, claims: { _id: string; username: string }): Promise<Case[]> {
  const valid = { method: call.method, path: pathTo(call, targets) };
  const body = call.body ? { body: call.body() } : {};
  const cases: Case[] = [];
  if (call.protected) {
    const badTokens = [undefined, '', ' ', 'null', 'Bearer', 'Bearer x.y.z', 'x'.repeat(10_000), 'eyJhbGciOiJIUzI1NiJ9.e30.', `${token}x`,
      `${token.split('.')[0]}.${btoa(JSON.stringify({ ...claims, username: 'priya.nair' })).replace(/=+$/, '')}.${token.split('.')[2]}`,
      await forgeToken(claims), unsignedToken(claims)];
    badTokens.forEach((badToken, index) =>
      cases.push({ label: `bad token #${index}`, ...valid, options: { token: badToken, ...body }, status: 401 }),
    );
  }
  if (call.parameter) {
    for (const id of BAD_IDS) {
      cases.push({ label: `id ${id.slice(0, 30)}`, method: call.method, path: pathWithParameter(call, id), options: { token, ...body } });
    }
  }
  if (call.body) {
    for (const rawBody of BAD_BODIES) {
      cases.push({ label: `body ${rawBody.slice(0, 40)}`, ...valid, options: { token, rawBody } });
    }
  }
  if (isPostList(call)) {
    for (const query of BAD_QUERIES) {
      cases.push({ label: `query ${query}`, method: 'GET', path: `${valid.path}${query}`, options: { token }, status: 400 });
    }
  }
  return cases;
}

export function defineBadInputSuite(getContext: () => ContractContext): void {
  const api = contractClient(getContext);

  beforeEach(async () => {
    await getContext().reset();
  });

  async function targetsAsGuest() {
    const { token, user } = await api.loginGuest();
    const [ownPost] = await api.postsOf(user.username);
    const priya = await api.userNamed('priya.nair');
    const [otherPost] = await api.postsOf(priya.username);
    const targets: Targets = { ownPostId: ownPost!._id, otherPostId: otherPost!._id, otherUserId: priya._id, otherUsername: priya.username };
    return { token, claims: { _id: user._id, username: user.username }, targets };
  }

  function expectRefused(answer: Answer, label: string, status?: number) {
    const where = `${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    expect(answer.status, where).toBeGreaterThanOrEqual(400);
    expect(answer.status, where).toBeLessThan(500);
    if (status !== undefined) expect(answer.status, where).toBe(status);
    expect(answer.body, where).toEqual({ errors: [expect.stringMatching(/\S/)] });
    if (status === 401) expect(answer.body.errors[0]).toBe(SPEC_ERRORS.invalidToken);
  }

  describe.each(TABLE_CALLS.map((call) => [call.name, call] as const))('%s', (_name, call) => {
    it('refuses every bad token, id, body and query with a 4xx and a message, changing nothing', async () => {
      const { token, claims, targets } = await targetsAsGuest();
      const before = await api.snapshot(token);
      const cases = await casesFor(call, targets, token, claims);
      for (const entry of cases) {
        expectRefused(await api.call(entry.method, entry.path, entry.options), entry.label, entry.status);
      }
      expect(await api.snapshot(token)).toEqual(before);
    });
  });

  it('never lets an ignored token or stray body break a public read', async () => {
    const { targets } = await targetsAsGuest();
    for (const call of CALLS.filter((entry) => !entry.protected && entry.method === 'GET')) {
      for (const token of ['garbage', 'Bearer ', await forgeToken({ _id: 'x', username: 'y' })]) {
        expect((await api.call(call.method, pathTo(call, targets), { token })).status).toBe(200);
      }
    }
  });
}
