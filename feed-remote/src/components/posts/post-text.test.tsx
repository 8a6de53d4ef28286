import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PostText } from './post-text';

const show = (text: string, mentions: string[] = []) =>
  render(
    <MemoryRouter>
      <p data-testid="text">
        <PostText text={text} mentions={mentions} />
      </p>
    </MemoryRouter>,
  );

describe('a post’s text', () => {
  it('links an http(s) address, opened in a new tab, without the sentence’s full stop', () => {
    show('Read https://chirp.example/about?x=1. Then http://a.example');
    const link = screen.getByRole('link', { name: 'https://chirp.example/about?x=1' });
    expect(link).toHaveAttribute('href', 'https://chirp.example/about?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'http://a.example' })).toBeInTheDocument();
    expect(screen.getByTestId('text')).toHaveTextContent('Read https://chirp.example/about?x=1. Then http://a.example');
  });

  it('links a #tag to the search for it, but not a # inside a word or an address', () => {
    show('Fresh #sourdough and #Crème_brûlée! C# is not a tag, nor https://x.example/#frag');
    expect(screen.getByRole('link', { name: '#sourdough' })).toHaveAttribute('href', '/search?q=%23sourdough');
    expect(screen.getByRole('link', { name: '#Crème_brûlée' })).toHaveAttribute('href', `/search?q=${encodeURIComponent('#Crème_brûlée')}`);
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('keeps everything else as text, never markup', () => {
    show('<b>bold</b> & javascript:alert(1) ftp://old.example');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('text').textContent).toBe('<b>bold</b> & javascript:alert(1) ftp://old.example');
  });

  it('links an @username of someone who exists to their profile, as written; not an e-mail address or an unknown name', () => {
    show('Thanks @Priya.Nair. Ask @nobody or mail me at a@b.example', ['priya.nair']);
    expect(screen.getByRole('link', { name: '@Priya.Nair' })).toHaveAttribute('href', '/profile/priya.nair');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByTestId('text')).toHaveTextContent('Thanks @Priya.Nair. Ask @nobody or mail me at a@b.example');
  });
});
