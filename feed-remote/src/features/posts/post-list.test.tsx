import { aPost, aUser, logInAs, renderWithApp } from '@chirp/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PostList from './post-list';

const me = aUser({ username: 'guestuser' });
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');

describe('the post list', () => {
  beforeEach(() => logInAs(me));

  it('shows the empty text when there is no post', () => {
    renderWithApp(<PostList posts={[]} emptyText="Add a Post!" label="Posts" />);
    expect(screen.getByText('Add a Post!')).toBeInTheDocument();
    expect(screen.queryByRole('feed')).toBeNull();
  });

  it('is a feed named by its label, each post an article placed in the whole', () => {
    const posts = [aPost(), aPost()];
    renderWithApp(<PostList posts={posts} emptyText="none" label="Liked Posts" />);
    expect(screen.getByRole('feed', { name: 'Liked Posts' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-posinset'))).toEqual(['1', '2']);
    expect(articles[0]).toHaveAttribute('aria-setsize', '2');
  });

  describe('with measurable cards', () => {
    // happy-dom lays nothing out: give every element a card's height.
    beforeEach(() => {
      Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 200 });
    });
    afterEach(() => {
      if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    });

    it('keeps only the posts near the viewport in the DOM, however long the list', () => {
      const posts = Array.from({ length: 10_000 }, () => aPost());
      renderWithApp(<PostList posts={posts} emptyText="none" label="All posts" />);
      const count = screen.getAllByRole('article').length;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(30);
      expect(screen.getByRole('feed').style.height).not.toBe('');
    });
  });
});
