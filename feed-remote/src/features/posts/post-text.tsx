import { paths } from '@chirp/contracts';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** An http(s) address, or a `#tag` (letters, digits, underscores, any script) not inside a word. */
const PIECES = /(https?:\/\/[^\s<>"']+)|(^|[^\p{L}\p{N}_#])(#[\p{L}\p{N}_]+)/gu;
/** Punctuation that ends a sentence rather than an address ("see https://chirp.example."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * A post's text (issue 14): http(s) addresses become links that open in a new tab, `#tags` link to
 * the search for them; everything else stays text, never markup.
 */
export function PostText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PIECES)) {
    const [whole, url, before = '', tag] = match;
    const start = match.index ?? 0;
    if (url) {
      const trailing = TRAILING.exec(url)?.[0] ?? '';
      const address = url.slice(0, url.length - trailing.length);
      parts.push(text.slice(last, start));
      parts.push(
        <a key={start} href={address} target="_blank" rel="noopener noreferrer nofollow">
          {address}
        </a>,
      );
      last = start + address.length;
    } else if (tag) {
      const tagStart = start + before.length;
      parts.push(text.slice(last, tagStart));
      parts.push(
        <Link key={tagStart} to={paths.searchFor(tag)}>
          {tag}
        </Link>,
      );
      last = start + whole.length;
    }
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (typeof part === 'string' ? <Fragment key={`t${index}`}>{part}</Fragment> : part))}
    </>
  );
}
