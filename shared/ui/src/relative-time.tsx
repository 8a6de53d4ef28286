import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const shortDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

function parsed(timestamp: string): Date | null {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec 9: dates display as a short date string. A timestamp that is not a date shows as it is. */
export function shortDate(timestamp: string): string {
  const date = parsed(timestamp);
  return date ? shortDateFormat.format(date) : timestamp;
}

/** The date and time in full, for a time's tooltip. */
export function fullDateTime(timestamp: string): string {
  const date = parsed(timestamp);
  return date ? fullFormat.format(date) : timestamp;
}

/**
 * How long ago, as a feed says it: "now" under a minute, then "5m", "3h", and after a day the short
 * date. A time slightly ahead of `now` (another machine's clock) is "now" too.
 */
export function relativeTime(timestamp: string, now: number): string {
  const date = parsed(timestamp);
  if (!date) return timestamp;
  const age = now - date.getTime();
  if (age < MINUTE) return 'now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  return shortDateFormat.format(date);
}

/**
 * One clock for every relative time on the page: a minute's interval that runs only while a time is
 * on screen, so a thousand cards share one timer and a page without times has none.
 */
const clock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function tick() {
  clock.now = Date.now();
  clock.listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  clock.listeners.add(listener);
  if (clock.timer === undefined) {
    clock.timer = setInterval(tick, MINUTE);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) {
      clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

/** The clock stands still while nothing shows a time: the first time shown after a while catches up. */
function currentTime() {
  if (clock.timer === undefined && Math.abs(Date.now() - clock.now) >= 1000) clock.now = Date.now();
  return clock.now;
}

/** The shared clock's time, which changes once a minute while some component reads it. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, currentTime, currentTime);
}

export interface RelativeTimeProps {
  /** The moment, as the API gives it (ISO 8601 with its zone offset). */
  dateTime: string;
  className?: string;
}

/** A <time> saying how long ago ("now", "5m", "3h", then the date), the full date and time on hover. */
export function RelativeTime({ dateTime, className }: RelativeTimeProps) {
  const now = useMinuteClock();
  return (
    <time className={className} dateTime={dateTime} title={fullDateTime(dateTime)}>
      {relativeTime(dateTime, now)}
    </time>
  );
}
