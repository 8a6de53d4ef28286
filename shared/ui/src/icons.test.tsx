import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeIcon, LogoIcon } from './icons';
import { LOGO_SHAPES } from './logo-mark';

describe('the logo', () => {
  it('is an image named "Chirp", where the other icons are hidden beside their control’s name', () => {
    render(
      <>
        <LogoIcon size={24} />
        <HomeIcon />
      </>,
    );
    expect(screen.getAllByRole('img')).toEqual([screen.getByRole('img', { name: 'Chirp' })]);
  });

  it('draws Chirp’s mark, the drawing the favicon and the app icons are made from', () => {
    render(<LogoIcon size={40} />);
    const logo = screen.getByRole('img', { name: 'Chirp' });
    expect(logo).toHaveAttribute('width', '40');
    expect([...logo.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual(LOGO_SHAPES);
  });
});
