/**
 * Read-your-writes with a read replica (server/README.md, "Read replica"), so a person always sees their own change: the API server
 * answers a change with the primary's WAL position after its commit, the page sends the highest one it
 * was answered with its reads, and the server reads from the replica only once it has replayed that far.
 * The in-browser back end sends no position, so the page never sends one to it.
 */
export const READ_YOUR_WRITES = {
  /** On a change's answer: the primary's WAL position after the commit ('16/B374D848'). */
  writtenHeader: 'Chirp-Written-Lsn',
  /** On a read: the highest position the page was answered; older data will not do. */
  readAfterHeader: 'Chirp-Read-After',
} as const;

const WAL_POSITION = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/**
 * A WAL position as PostgreSQL writes it (`pg_lsn` as text: two hex halves of one 64-bit number,
 * 'X/Y'), as that number; null for anything else. The halves are not zero-padded, so the text does not
 * sort: '0/FFFFFFFF' comes before '1/0'.
 */
export function walPosition(text: string | null | undefined): bigint | null {
  const halves = text ? WAL_POSITION.exec(text.trim()) : null;
  return halves ? (BigInt(`0x${halves[1]}`) << 32n) | BigInt(`0x${halves[2]}`) : null;
}

/** The later of two WAL positions as text (one that is not a position never wins; null when neither is). */
export function laterWalPosition(a: string | null | undefined, b: string | null | undefined): string | null {
  const [first, second] = [walPosition(a), walPosition(b)];
  if (second === null) return first === null ? null : a!.trim();
  return first === null || second > first ? b!.trim() : a!.trim();
}
