import { ModalDialog, useSession, type UserSummary } from '@chirp/shared';
import { PersonLink } from '../people/person-link';

export type FollowListKind = 'following' | 'followers';

const TEXTS: Record<FollowListKind, { title: string; empty: string }> = {
  following: { title: 'Following', empty: 'Following no one !' },
  followers: { title: 'Followers', empty: 'No Followers yet !' },
};

interface FollowListDialogProps {
  kind: FollowListKind;
  people: UserSummary[];
  onClose: () => void;
}

/** 'Following' or 'Followers': each person links to their profile; following a link closes it. */
export function FollowListDialog({ kind, people, onClose }: FollowListDialogProps) {
  const users = useSession((state) => state.users);
  // The lists hold a copy of each person; the users list has their current name and picture.
  const current = people.map((person) => users.find((user) => user._id === person._id) ?? person);
  const { title, empty } = TEXTS[kind];

  return (
    <ModalDialog title={title} onClose={onClose} className="follow-dialog">
      {(close) =>
        current.length === 0 ? (
          <p className="follow-dialog__empty">{empty}</p>
        ) : (
          <ul className="people-list follow-dialog__list">
            {current.map((person) => (
              <li key={person._id} className="people-list__item">
                <PersonLink person={person} onNavigate={close} />
              </li>
            ))}
          </ul>
        )
      }
    </ModalDialog>
  );
}
