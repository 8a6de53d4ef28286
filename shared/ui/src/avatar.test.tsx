import { DEFAULT_AVATAR } from '@chirp/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

const STORED = 'http://localhost:8080/uploads/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b-640x480.jpg';
const copy = (size: number) => `http://localhost:8080/uploads/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b-${size}.webp`;

describe('Avatar', () => {
  it('offers the server’s square copies of a stored picture, for the size it is drawn at', () => {
    render(<Avatar src={STORED} size={44} alt="Ada" />);
    const picture = screen.getByRole('img', { name: 'Ada' });
    expect(picture).toHaveAttribute('src', STORED);
    expect(picture).toHaveAttribute('srcset', `${copy(48)} 48w, ${copy(96)} 96w, ${copy(400)} 400w`);
    expect(picture).toHaveAttribute('sizes', '44px');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['44', '44']);
    expect(picture).toHaveClass('avatar');
  });

  it('names no copy larger than the picture: a 60 px picture is its own largest copy', () => {
    render(<Avatar src={STORED.replace('640x480', '60x80')} size={96} alt="Ada" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('srcset', `${copy(48)} 48w, ${copy(96)} 60w`);
  });

  it('draws any other picture as it is, and the default avatar when there is none', () => {
    const { rerender } = render(<Avatar src="/avatars/avatar-2.svg" size={40} alt="Ada" />);
    const picture = () => screen.getByRole('img', { name: 'Ada' });
    expect(picture()).toHaveAttribute('src', '/avatars/avatar-2.svg');
    expect(picture()).not.toHaveAttribute('srcset');
    expect(picture()).not.toHaveAttribute('sizes');
    // An upload kept before the copies existed: its name has no size, so no copies are asked for.
    rerender(<Avatar src="http://localhost:8080/uploads/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b.png" size={40} alt="Ada" />);
    expect(picture()).not.toHaveAttribute('srcset');
    rerender(<Avatar src="" size={40} alt="Ada" />);
    expect(picture()).toHaveAttribute('src', DEFAULT_AVATAR);
  });
});
