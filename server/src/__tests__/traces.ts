/**
 * Where the server's data still holds a text: every table of the schema (read from
 * information_schema, so a table added later is searched too), each row read whole as text (every
 * column: text, uuid, arrays, jsonb), in any case. For the contract suites' "nothing is left" checks.
 */
import type { Queryable } from '../db/sql';

export async function tracesIn(q: Queryable, needles: readonly string[]): Promise<string[]> {
  const { rows: tables } = await q.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    for (const needle of needles) {
      const { rows } = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${quoted} t WHERE strpos(lower(t::text), $1) > 0`, [
        needle.toLowerCase(),
      ]);
      if (rows[0]!.count > 0) found.push(`${name}: ${rows[0]!.count} row(s) hold ${needle}`);
    }
  }
  return found;
}
