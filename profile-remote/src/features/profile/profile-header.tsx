import { MODERATION_TEXTS, paths, type Profile, SAFETY_TEXTS } from '@chirp/contracts';
import { changeRelation } from '@chirp/queries';
import { chooseTheme, useSession, useSignOut, useThemeChoice } from '@chirp/session';
import { Avatar, BlockIcon, type MenuOption, MuteIcon, OptionsMenu, SignOutIcon, ThemeMenuButton, usePhoneLayout } from '@chirp/ui';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useFollowShown } from '../../lib/follow-actions';
import { FollowButton } from '../../components/people/follow-button';
import { fullName } from '../../components/people/people';
import type { FollowListKind } from './follow-list-dialog';
import { Website } from './website';

interface ProfileHeaderProps {
  profile: Profile;
  isOwn: boolean;
  headingId: string;
  onEdit: () => void;
  onShowList: (kind: FollowListKind) => void;
}

/**
 * What sign-up stores in an untouched title, bio and website (spec 3). They stay stored as they are;
 * they are prompts for the owner, and mean nothing to anyone else.
 */
const PROMPTS = { title: 'Add title', bio: 'Add bio', website: 'Add website' } as const;
type PromptField = keyof typeof PROMPTS;

const isPrompt = (field: PromptField, value: string | undefined) => value?.trim() === PROMPTS[field];

/** A title or bio as it shows: the owner's prompt opens the edit dialog; a visitor never sees one. */
function ProfileField({
  className,
  field,
  value,
  isOwn,
  onEdit,
}: {
  className: string;
  field: PromptField;
  value: string | undefined;
  isOwn: boolean;
  onEdit: () => void;
}) {
  if (!value) return null;
  if (!isPrompt(field, value)) return <p className={className}>{value}</p>;
  if (!isOwn) return null;
  return (
    <p className={className}>
      <button type="button" className="profile__prompt" onClick={onEdit}>
        {PROMPTS[field]}
      </button>
    </p>
  );
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** What the viewer can do about someone else: mute or block them, or undo either. */
function personOptions(person: Profile): MenuOption[] {
  const { username } = person;
  return [
    person.mutedByMe
      ? { label: SAFETY_TEXTS.unmute(username), icon: <MuteIcon />, onSelect: () => void changeRelation(person, 'unmute') }
      : { label: SAFETY_TEXTS.mute(username), icon: <MuteIcon />, onSelect: () => void changeRelation(person, 'mute') },
    person.blockedByMe
      ? { label: SAFETY_TEXTS.unblock(username), icon: <BlockIcon />, onSelect: () => void changeRelation(person, 'unblock') }
      : { label: SAFETY_TEXTS.block(username), icon: <BlockIcon />, danger: true, onSelect: () => void changeRelation(person, 'block') },
  ];
}

/** Picture, names, title, bio, website, counts, and the owner's or visitor's actions. */
export function ProfileHeader({ profile: user, isOwn, headingId, onEdit, onShowList }: ProfileHeaderProps) {
  const signOut = useSignOut();
  const signedIn = useSession((state) => state.token !== null);
  const optionsRef = useRef<HTMLButtonElement>(null);
  const theme = useThemeChoice();
  // The phone has no account menu: its Theme choice sits beside Sign out, where a phone user looks for account settings.
  const phone = usePhoneLayout();
  // A follow shows in the count on the click, like the button.
  const followed = useFollowShown(user);
  const followerCount = Math.max(0, user.followerCount + Number(followed) - Number(user.followedByMe));
  const postCount = user.postCount;
  return (
    <div className="profile__card card">
      <div className="profile__cover" aria-hidden="true" />
      <div className="profile__top">
        <Avatar className="profile__picture" src={user.profilePic} alt="Profile picture" size={112} />
        <div className="profile__actions">
          {isOwn ? (
            <>
              <button type="button" className="button" onClick={onEdit}>
                Edit Profile
              </button>
              {phone && (
                <Link to={paths.settings} className="button">
                  Settings
                </Link>
              )}
              <button
                type="button"
                className="button profile__sign-out"
                aria-label="Sign out"
                title="Sign out"
                onClick={signOut}
              >
                <SignOutIcon />
              </button>
              {phone && <ThemeMenuButton chosen={theme} onChoose={chooseTheme} />}
            </>
          ) : (
            <>
              {signedIn && <OptionsMenu label="More options" buttonRef={optionsRef} options={personOptions(user)} />}
              {!user.blockedByMe && !user.blocksMe && <FollowButton person={user} className="profile__follow" />}
            </>
          )}
        </div>
      </div>
      <div className="profile__details">
        <h1 id={headingId} className="profile__name">
          {fullName(user)}
        </h1>
        <p className="profile__handle">@{user.username}</p>
        {user.suspended && (
          <p className="profile__blocked" role="note">
            {MODERATION_TEXTS.suspendedProfile}
          </p>
        )}
        {(user.blockedByMe || user.blocksMe) && (
          <p className="profile__blocked" role="note">
            {user.blockedByMe ? SAFETY_TEXTS.youBlockedProfile : SAFETY_TEXTS.blockedYouProfile}
          </p>
        )}
        <ProfileField className="profile__title" field="title" value={user.title} isOwn={isOwn} onEdit={onEdit} />
        <ProfileField className="profile__bio" field="bio" value={user.bio} isOwn={isOwn} onEdit={onEdit} />
        {isPrompt('website', user.website) ? (
          <ProfileField className="profile__website" field="website" value={user.website} isOwn={isOwn} onEdit={onEdit} />
        ) : (
          <Website value={user.website ?? ''} />
        )}
        <ul className="profile__stats">
          <li className="profile__stat">
            <strong>{postCount}</strong> {plural(postCount, 'Post', 'Posts')}
          </li>
          <li>
            <button type="button" className="profile__stat profile__stat--button" onClick={() => onShowList('following')}>
              <strong>{user.followingCount}</strong> Following
            </button>
          </li>
          <li>
            <button type="button" className="profile__stat profile__stat--button" onClick={() => onShowList('followers')}>
              <strong>{followerCount}</strong> Followers
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
