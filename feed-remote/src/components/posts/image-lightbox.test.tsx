import { renderWithApp } from '@chirp/session/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ImageLightbox from './image-lightbox';

const images = [
  { src: '/images/one.jpg', alt: 'A harbour at dawn' },
  { src: '/images/two.jpg', alt: 'Boats in the fog' },
  { src: '/images/three.jpg', alt: 'A lighthouse' },
];

describe('the image lightbox', () => {
  it('moves between images with the arrow keys and the buttons, round the ends, each with its description', async () => {
    const user = userEvent.setup();
    renderWithApp(<ImageLightbox images={images} start={1} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' });
    const shown = () => within(dialog).getByRole('img');
    expect(shown()).toHaveAccessibleName('Boats in the fog');
    expect(within(dialog).getByText('Boats in the fog', { selector: 'figcaption' })).toBeInTheDocument();
    // The image has focus at once, so the keys work before anything is clicked.
    expect(shown()).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('A lighthouse');
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBe(dialog);
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('A harbour at dawn');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAccessibleName('A lighthouse');
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAccessibleName('A harbour at dawn');
  });
});
