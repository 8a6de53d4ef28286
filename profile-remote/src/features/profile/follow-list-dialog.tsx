import { ModalDialog, RetryAlert, Spinner } from '@chirp/ui';
import { usePeople } from '../../components/people-pages';
import { PersonRow } from '../../components/people/person-row';

export type FollowListKind = 'following' | 'followers';

const TEXTS: Record<FollowListKind, { title: string; empty: string }> = {
  following: { title: 'Following', empty: 'Following no one !' },
  followers: { title: 'Followers', empty: 'No Followers yet !' },
};

interface FollowListDialogProps {
  kind: FollowListKind;
  /** Whose followers or following. */
  userId: string;
  onClose: () => void;
}

/** 'Following' or 'Followers', a page at a time: each person links to their profile (following a link closes it), with a Follow button beside them. */
export function FollowListDialog({ kind, userId, onClose }: FollowListDialogProps) {
  const { people, error, retry, footer } = usePeople({ kind, userId });
  const { title, empty } = TEXTS[kind];

  return (
    <ModalDialog title={title} onClose={onClose} className="follow-dialog">
      {(close) => {
        if (error) return <RetryAlert message={error} onRetry={retry} />;
        if (!people) return <Spinner label={`Loading ${title.toLowerCase()}`} />;
        if (people.length === 0) return <p className="follow-dialog__empty">{empty}</p>;
        return (
          <>
            <ul className="people-list follow-dialog__list">
              {people.map((person) => (
                <PersonRow key={person._id} person={person} onNavigate={close} />
              ))}
            </ul>
            {footer}
          </>
        );
      }}
    </ModalDialog>
  );
}
