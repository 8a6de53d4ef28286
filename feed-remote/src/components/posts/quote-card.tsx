import { type CompactPost, type GonePost, paths, type QuotedPost } from '@chirp/contracts';
import { Avatar, RelativeTime } from '@chirp/ui';
import { Link } from 'react-router-dom';
import { imagesToShow, PostImages } from './post-images';
import './quote-card.css';

/**
 * What stands where a post was (in a quote, or above a reply): deleted, or there but not shown to
 * the reader (hidden by moderators, its author suspended, a block either way).
 */
export const goneText = (gone: { unavailable?: true }) => (gone.unavailable ? 'This post is unavailable' : 'This post was deleted');

/** A post as a quote embeds it (the composer shows the post being quoted so). */
export const quotedCard = ({ _id, content, image, imageAlt, images, username, author, createdAt }: CompactPost): QuotedPost => ({
  _id,
  content,
  ...(image === undefined ? {} : { image }),
  ...(imageAlt === undefined ? {} : { imageAlt }),
  ...(images === undefined ? {} : { images }),
  username,
  author,
  createdAt,
});

/**
 * The post a quote embeds, under the quote's text (and in the composer while quoting): its author,
 * date, text and images (a smaller grid than a post's, each opening the lightbox), the date a link
 * to the post. Where it is gone, "This post was deleted" ("This post is unavailable" where it is not shown).
 */
export function QuoteCard({ quote }: { quote: QuotedPost | GonePost }) {
  if ('deleted' in quote) {
    return (
      <div className="quote-card quote-card--deleted">
        <p className="quote-card__deleted">{goneText(quote)}</p>
      </div>
    );
  }
  const { author } = quote;
  const name = `${author.firstName} ${author.lastName}`.trim() || quote.username;
  const images = imagesToShow(quote, name);
  return (
    <div className="quote-card" role="group" aria-label={`Quoted post by @${quote.username}`}>
      <p className="quote-card__header">
        <Avatar className="avatar quote-card__avatar" src={author.profilePic} size={20} />
        <span className="quote-card__name">{name}</span>
        <span className="quote-card__username">@{quote.username}</span>
        <span aria-hidden="true">·</span>
        <Link to={paths.post(quote._id)} className="quote-card__permalink">
          <RelativeTime dateTime={quote.createdAt} />
        </Link>
      </p>
      {quote.content && <p className="quote-card__content">{quote.content}</p>}
      {images.length > 0 && <PostImages key={images.map((image) => image.src).join(' ')} images={images} className="quote-card__media" />}
    </div>
  );
}
