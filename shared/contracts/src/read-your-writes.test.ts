import { describe, expect, it } from 'vitest';
import { laterWalPosition, walPosition } from './read-your-writes';

describe('WAL positions', () => {
  it('reads both hex halves as one 64-bit number', () => {
    expect(walPosition('0/0')).toBe(0n);
    expect(walPosition('16/B374D848')).toBe(0x16_b374d848n);
    expect(walPosition('FFFFFFFF/FFFFFFFF')).toBe(2n ** 64n - 1n);
    expect(walPosition('1/a')).toBe(walPosition('1/A'));
  });

  it('is not fooled by the text order: 1/0 comes after 0/FFFFFFFF, and 0/10 after 0/9', () => {
    expect(laterWalPosition('0/FFFFFFFF', '1/0')).toBe('1/0');
    expect(laterWalPosition('1/0', '0/FFFFFFFF')).toBe('1/0');
    expect(laterWalPosition('0/9', '0/10')).toBe('0/10');
    expect(laterWalPosition('A/1', '9/FFFFFFFF')).toBe('A/1');
    expect(laterWalPosition('3/5', '3/5')).toBe('3/5');
  });

  it('takes nothing that is not a position', () => {
    for (const text of ['', '0', '0/', '/0', '1/2/3', 'G/0', '0x1/0', '123456789/0', '1 / 2', null, undefined]) {
      expect(walPosition(text)).toBeNull();
    }
    expect(laterWalPosition('nonsense', '0/1')).toBe('0/1');
    expect(laterWalPosition('0/1', 'FFFFFFFFF/0')).toBe('0/1');
    expect(laterWalPosition(null, undefined)).toBeNull();
  });
});
