// @vitest-environment node
/** `npm run server -- grant-moderator NAME` and its kin: the operator's commands on the server's database. */
import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../commands';
import { newTempDir, startTestServer } from './test-server';

const dataDir = newTempDir('chirp-commands-');

async function guestIsModerator(): Promise<boolean | undefined> {
  const server = await startTestServer({ dataDir, seedDemo: true });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(GUEST_CREDENTIALS),
    });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    const account = (await (await fetch(`${server.url}/api/account`, { headers: { authorization: encodedToken } })).json()) as { account: { moderator?: true } };
    return account.account.moderator;
  } finally {
    // Closed, not stopped: its folder is the next command's.
    await server.close();
  }
}

afterAll(async () => {
  const { rmSync } = await import('node:fs');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server’s commands', () => {
  it('grants the moderator role by username in any case, and revokes it', async () => {
    expect(await guestIsModerator()).toBeUndefined();
    expect(await runCommand({ dataDir }, ['grant-moderator', GUEST_CREDENTIALS.username.toUpperCase()])).toBe(`${GUEST_CREDENTIALS.username} is a moderator now.`);
    expect(await guestIsModerator()).toBe(true);
    expect(await runCommand({ dataDir }, ['revoke-moderator', GUEST_CREDENTIALS.username])).toBe(`${GUEST_CREDENTIALS.username} is no longer a moderator.`);
    expect(await guestIsModerator()).toBeUndefined();
  }, 120_000);

  it('says what is wrong: no such account, an unknown command, a missing name', async () => {
    await expect(runCommand({ dataDir }, ['grant-moderator', 'nobody-here'])).rejects.toThrow('No account is named "nobody-here".');
    await expect(runCommand({ dataDir }, ['frobnicate', 'x'])).rejects.toThrow('Use: npm run server -- grant-moderator USERNAME | revoke-moderator USERNAME');
    await expect(runCommand({ dataDir }, ['grant-moderator'])).rejects.toThrow(/^Use: /);
  }, 120_000);
});
