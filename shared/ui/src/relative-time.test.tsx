import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime, relativeTime, shortDate } from './relative-time';

const NOW = new Date('2025-06-10T12:00:00Z').getTime();
const before = (milliseconds: number) => new Date(NOW - milliseconds).toISOString();
const MINUTE = 60_000;

describe('relativeTime', () => {
  it('says "now" under a minute, and for a time slightly ahead', () => {
    expect(relativeTime(before(0), NOW)).toBe('now');
    expect(relativeTime(before(59_999), NOW)).toBe('now');
    expect(relativeTime(before(-30_000), NOW)).toBe('now');
  });

  it('counts whole minutes, then whole hours', () => {
    expect(relativeTime(before(MINUTE), NOW)).toBe('1m');
    expect(relativeTime(before(5 * MINUTE + 59_000), NOW)).toBe('5m');
    expect(relativeTime(before(59 * MINUTE), NOW)).toBe('59m');
    expect(relativeTime(before(60 * MINUTE), NOW)).toBe('1h');
    expect(relativeTime(before(23 * 60 * MINUTE + 59 * MINUTE), NOW)).toBe('23h');
  });

  it('shows the short date (spec 9) from a day on', () => {
    const dayOld = before(24 * 60 * MINUTE);
    expect(relativeTime(dayOld, NOW)).toBe(new Date(dayOld).toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(relativeTime('2024-03-05T09:30:00+01:00', NOW)).toBe(shortDate('2024-03-05T09:30:00+01:00'));
  });

  it('shows a timestamp that is not a date as it is', () => {
    expect(relativeTime('yesterday-ish', NOW)).toBe('yesterday-ish');
  });
});

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('is a <time> with the moment as its datetime and the full date and time as its title', () => {
    const { container } = render(<RelativeTime dateTime="2024-03-05T09:30:00+01:00" />);
    const time = container.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2024-03-05T09:30:00+01:00');
    const title = time.getAttribute('title')!;
    expect(title).toContain('2024');
    expect(title).toMatch(/\d{1,2}:30/);
    expect(time).toHaveTextContent(shortDate('2024-03-05T09:30:00+01:00'));
  });

  it('moves on by itself while it is on screen', () => {
    render(<RelativeTime dateTime={before(30_000)} />);
    expect(screen.getByText('now')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('1m')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(59 * MINUTE));
    expect(screen.getByText('1h')).toBeInTheDocument();
  });

  it('keeps one timer for every time on screen, and none once they are gone', () => {
    const { unmount } = render(
      <>
        <RelativeTime dateTime={before(0)} />
        <RelativeTime dateTime={before(2 * MINUTE)} />
        <RelativeTime dateTime={before(3 * 60 * MINUTE)} />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getAllByRole('time', { hidden: true }).map((time) => time.textContent)).toEqual(['1m', '3m', '3h']);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the time of now when it comes back after a while', () => {
    const { unmount } = render(<RelativeTime dateTime={before(0)} />);
    unmount();
    vi.setSystemTime(NOW + 10 * MINUTE);
    render(<RelativeTime dateTime={before(0)} />);
    expect(screen.getByText('10m')).toBeInTheDocument();
  });
});
