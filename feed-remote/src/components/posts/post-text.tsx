import { LINK, MENTION, paths, TAG } from '@chirp/contracts';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * An http(s) address (1); a `#tag` (3, without its `#`, after 2); or an `@username` (5, after 4):
 * the contracts' LINK, TAG and MENTION patterns, which the back ends read tags and mentions with.
 */
const PIECES = new RegExp(`(${LINK.source})|${TAG.source}|${MENTION.source}`, 'gu');
/** Punctuation that ends a sentence rather than an address ("see https://chirp.example."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * A post's text: http(s) addresses become links that open in a new tab, `#tags` link to
 * the search for them, `@username`s of people who exist (`mentions`, as the back end found them) link
 * to their profiles; everything else stays text, never markup.
 */
export function PostText({ text, mentions = [] }: { text: string; mentions?: readonly string[] }) {
  const people = new Map(mentions.map((username) => [username.toLowerCase(), username]));
  const parts: ReactNode[] = [];
  let last = 0;
  const link = (at: number, node: ReactNode, end: number) => {
    parts.push(text.slice(last, at), node);
    last = end;
  };
  for (const match of text.matchAll(PIECES)) {
    const [whole, url, beforeTag = '', tag, beforeMention = '', name] = match;
    const start = match.index ?? 0;
    if (url) {
      const trailing = TRAILING.exec(url)?.[0] ?? '';
      const address = url.slice(0, url.length - trailing.length);
      const anchor = (
        <a key={start} href={address} target="_blank" rel="noopener noreferrer nofollow">
          {address}
        </a>
      );
      link(start, anchor, start + address.length);
    } else if (tag) {
      const at = start + beforeTag.length;
      link(at, <Link key={at} to={paths.searchFor(`#${tag}`)}>#{tag}</Link>, start + whole.length);
    } else if (name && people.has(name.toLowerCase())) {
      const at = start + beforeMention.length;
      link(at, <Link key={at} to={paths.profile(people.get(name.toLowerCase())!)}>@{name}</Link>, start + whole.length);
    }
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (typeof part === 'string' ? <Fragment key={`t${index}`}>{part}</Fragment> : part))}
    </>
  );
}
