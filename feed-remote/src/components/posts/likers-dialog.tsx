import { type CompactPost, paths } from '@chirp/contracts';
import { errorMessage } from '@chirp/session';
import { loadedItems, usePeoplePages } from '@chirp/queries';
import { Avatar, RetryAlert, Spinner } from '@chirp/ui';
import { Link } from 'react-router-dom';
import { FeedDialog } from '../feed-dialog';
import './likers-dialog.css';

export const LIKERS_TITLE = 'Liked by';
export const REPOSTERS_TITLE = 'Reposted by';

/** The words of the two lists: who likes a post, who reposts it. */
const WORDS = {
  likers: { title: LIKERS_TITLE, loading: 'Loading who liked this post', empty: 'Nobody likes this post yet.', list: 'People who like', who: ['person who likes', 'people who like'] },
  reposters: {
    title: REPOSTERS_TITLE,
    loading: 'Loading who reposted this post',
    empty: 'Nobody reposted this post yet.',
    list: 'People who reposted',
    who: ['person who reposted', 'people who reposted'],
  },
};

/** Where the count holds people the list cannot show, and it shows none. */
const noneListed = (count: number, [one, many]: string[]) =>
  count === 1 ? `The one ${one} this post cannot be listed here.` : `None of the ${count.toLocaleString('en-US')} ${many} this post can be listed here.`;

/**
 * Who likes (or reposts) a post, a page at a time by username, each a link to their profile (opened
 * from its like or repost count).
 */
export default function LikersDialog({ post, onClose, kind = 'likers' }: { post: CompactPost; onClose: () => void; kind?: 'likers' | 'reposters' }) {
  const words = WORDS[kind];
  const query = usePeoplePages({ kind, postId: post._id });
  const people = query.data ? loadedItems(query.data.pages.map((page) => page.users)) : null;
  const more = () => void query.fetchNextPage({ cancelRefetch: false });
  // The count can be more than the list holds: people hidden from the viewer (blocks), and the demo
  // data's counts, which were set without a person for each. Said once the whole list is shown.
  const counted = kind === 'likers' ? post.likeCount : (post.repostCount ?? 0);
  const unlisted = people && !query.hasNextPage ? counted - people.length : 0;
  return (
    <FeedDialog title={words.title} onClose={onClose} className="likers-dialog">
      {() =>
        people === null ? (
          query.isError ? (
            <RetryAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
          ) : (
            <Spinner label={words.loading} />
          )
        ) : (
          <>
            {people.length === 0 ? (
              <p className="likers-dialog__empty">{unlisted > 0 ? noneListed(unlisted, words.who) : words.empty}</p>
            ) : (
              <ul className="likers-dialog__list" aria-label={`${words.list} @${post.username}'s post`}>
                {people.map((person) => {
                  const name = `${person.firstName} ${person.lastName}`.trim() || person.username;
                  return (
                    <li key={person._id}>
                      <Link to={paths.profile(person.username)} className="likers-dialog__person">
                        <Avatar src={person.profilePic} size={40} />
                        <span className="likers-dialog__names">
                          <span className="likers-dialog__name">{name}</span>
                          <span className="likers-dialog__username">@{person.username}</span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
            {query.isFetchNextPageError ? (
              <RetryAlert message={errorMessage(query.error)} onRetry={more} />
            ) : query.isFetchingNextPage ? (
              <Spinner label="Loading more people" />
            ) : query.hasNextPage ? (
              <button type="button" className="button likers-dialog__more" onClick={more}>
                Show more
              </button>
            ) : unlisted > 0 && people.length > 0 ? (
              <p className="likers-dialog__unlisted">{`And ${unlisted.toLocaleString('en-US')} more not listed here.`}</p>
            ) : null}
          </>
        )
      }
    </FeedDialog>
  );
}
