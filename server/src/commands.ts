/**
 * The server's commands for its operators (`npm run server -- grant-moderator NAME`): each opens the
 * database the server would (DATABASE_URL or PGlite in DATA_DIR), brings its schema up to date, does
 * one thing and says what it did.
 */
import type { ServerConfig } from './config';
import { migrate } from './db/migrate';
import type { Queryable } from './db/sql';
import { openDatabase } from './server';

/** Gives or takes the `moderator` role (Reports in Settings; docs/api.md, "Reports and moderation"). */
async function setModerator(q: Queryable, username: string, moderator: boolean): Promise<string> {
  const { rows } = await q.query<{ username: string }>(
    'UPDATE users SET moderator = $2 WHERE lower(username) = lower($1) RETURNING username',
    [username, moderator],
  );
  const [row] = rows;
  if (!row) throw new Error(`No account is named "${username}".`);
  return moderator ? `${row.username} is a moderator now.` : `${row.username} is no longer a moderator.`;
}

export const COMMANDS: Record<string, { usage: string; run: (q: Queryable, args: string[]) => Promise<string> }> = {
  'grant-moderator': { usage: 'grant-moderator USERNAME', run: (q, [name]) => setModerator(q, name ?? '', true) },
  'revoke-moderator': { usage: 'revoke-moderator USERNAME', run: (q, [name]) => setModerator(q, name ?? '', false) },
};

/** Runs the command `args` names; the text to print, or an error whose message says what was wrong. */
export async function runCommand(
  config: Pick<ServerConfig, 'databaseUrl' | 'databaseListenUrl' | 'databaseSchema' | 'dataDir'>,
  [name, ...args]: string[],
): Promise<string> {
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command || args.length !== 1 || !args[0]) {
    throw new Error(`Use: npm run server -- ${Object.values(COMMANDS).map((entry) => entry.usage).join(' | ')}`);
  }
  const sql = await openDatabase(config);
  try {
    await migrate(sql);
    return await command.run(sql, args);
  } finally {
    await sql.close();
  }
}
