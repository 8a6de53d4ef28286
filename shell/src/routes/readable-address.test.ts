import { describe, expect, it } from 'vitest';
import { readablePath } from './readable-address';

describe('an address whose path does not decode', () => {
  it('keeps each run of escapes that does not decode as text, and every other one as it was', () => {
    expect(readablePath('/post/%E0%A4%A')).toBe('/post/%25E0%25A4%25A');
    expect(readablePath('/profile/%E0%A4')).toBe('/profile/%25E0%25A4');
    expect(readablePath('/home%')).toBe('/home%25');
    expect(readablePath('/%ZZ')).toBe('/%25ZZ');
    expect(readablePath('/profile/%C3%A9l%E0%A4')).toBe('/profile/%C3%A9l%25E0%25A4');
    for (const path of ['/post/%E0%A4%A', '/home%', '/%ZZ'].map(readablePath)) expect(() => decodeURIComponent(path)).not.toThrow();
  });

  it('is left alone when it decodes', () => {
    for (const path of ['/', '/home', '/profile/priya.nair', '/profile/%C3%A9lodie', '/search']) expect(readablePath(path)).toBe(path);
  });
});
