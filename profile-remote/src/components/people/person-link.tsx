import { paths, type UserSummary } from '@chirp/contracts';
import { Avatar } from '@chirp/ui';
import { Link } from 'react-router-dom';
import { fullName } from './people';
import './people.css';

interface PersonLinkProps {
  person: UserSummary;
  /** Called when the link is followed (a dropdown or dialog closes then). */
  onNavigate?: () => void;
}

/** Picture, full name and @username, as one link to the person's profile. */
export function PersonLink({ person, onNavigate }: PersonLinkProps) {
  return (
    <Link to={paths.profile(person.username)} className="people-link" onClick={onNavigate}>
      <Avatar src={person.profilePic} size={40} />
      <span className="people-link__names">
        <span className="people-link__name">{fullName(person)}</span>
        <span className="people-link__handle">@{person.username}</span>
      </span>
    </Link>
  );
}
