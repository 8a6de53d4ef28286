const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `YYYY-MM-DDTHH:mm:ss±hh:mm` (spec 3) in the given offset, by default this machine's zone.
 * `offsetMinutes` is east of UTC, as in the text (+05:30 is 330).
 */
export function formatTimestamp(date: Date, offsetMinutes = -date.getTimezoneOffset()): string {
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(offsetMinutes);
  return (
    `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
    `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`
  );
}

export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** The instant and the zone offset (minutes east of UTC) of a `YYYY-MM-DDTHH:mm:ss±hh:mm` text. */
export function parseTimestamp(text: string): { date: Date; offsetMinutes: number } {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(text);
  if (!TIMESTAMP_PATTERN.test(text) || !match) throw new Error(`Not a timestamp: ${text}`);
  const offsetMinutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return { date: new Date(text), offsetMinutes };
}
