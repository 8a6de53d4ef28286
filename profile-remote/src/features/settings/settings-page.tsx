import { type Account, ACCOUNT_TEXTS, MODERATION_TEXTS, paths, type PersonCard, SAFETY_TEXTS } from '@chirp/contracts';
import { changeRelation, type RelationChange } from '@chirp/queries';
import { compactApi, errorMessage, queryClient, toast, useQuery, useSession } from '@chirp/session';
import { ModalDialog, RetryAlert, Spinner } from '@chirp/ui';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePeople } from '../../components/people-pages';
import { ActionSection, FormEnd, UndoButton } from './settings-section';
import { MutedWordsSection } from './muted-words-section';
import { PersonLink } from '../../components/people/person-link';
import '@chirp/ui/styles.css';
import './settings.css';

/**
 * The settings page (route /settings, from the account menu): the account's names and address, its
 * password and sessions, the people muted or blocked, downloading the account's data and deleting it.
 */
export default function SettingsPage() {
  const headingId = useId();
  return (
    <section className="settings" aria-labelledby={headingId}>
      <h1 id={headingId} className="settings__title">
        {ACCOUNT_TEXTS.settings}
      </h1>
      <AccountSection />
      <ModerationSection />
      <PasswordSection />
      <SessionsSection />
      <PeopleSection kind="muted" title={ACCOUNT_TEXTS.mutedAccounts} empty={ACCOUNT_TEXTS.noneMuted} undo="unmute" undoLabel={SAFETY_TEXTS.unmuteButton} />
      <PeopleSection kind="blocked" title={ACCOUNT_TEXTS.blockedAccounts} empty={ACCOUNT_TEXTS.noneBlocked} undo="unblock" undoLabel={SAFETY_TEXTS.unblockButton} />
      <MutedWordsSection />
      <DownloadSection />
      <DeleteSection />
    </section>
  );
}

const ACCOUNT_KEY = ['account'] as const;

/** The signed-in account's settings (one read for every section that needs them). */
function useAccount() {
  const token = useSession((state) => state.token);
  return useQuery({ queryKey: [...ACCOUNT_KEY, token], queryFn: () => compactApi.account().then((answer) => answer.account) }, queryClient);
}

/** The display name and the email address, as the account has them; Save keeps what changed. */
function AccountSection() {
  const headingId = useId();
  const query = useAccount();
  return (
    <section className="settings__section card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings__heading">
        {ACCOUNT_TEXTS.accountSection}
      </h2>
      {query.isError ? (
        <RetryAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <AccountForm key={query.data.email + query.data.firstName + query.data.lastName} account={query.data} />
      ) : (
        <Spinner label="Loading your account" />
      )}
    </section>
  );
}

/** For moderators only: the way to the Reports page. */
function ModerationSection() {
  const headingId = useId();
  const account = useAccount();
  if (!account.data?.moderator) return null;
  return (
    <section className="settings__section card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings__heading">
        {MODERATION_TEXTS.moderation}
      </h2>
      <p className="settings__empty">
        <Link to={paths.reports}>{MODERATION_TEXTS.reports}</Link>: the posts people reported, and what moderators did about them.
      </p>
    </section>
  );
}

function AccountForm({ account }: { account: Account }) {
  const [fields, setFields] = useState({ firstName: account.firstName, lastName: account.lastName, email: account.email });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const problemId = useId();
  const setCurrentUser = useSession((state) => state.setCurrentUser);
  const currentUser = useSession((state) => state.currentUser);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(
      Object.entries({ ...fields, email: fields.email.trim() }).filter(([key, value]) => value !== account[key as keyof typeof fields]),
    );
    if (Object.keys(changed).length === 0) {
      toast.success(ACCOUNT_TEXTS.saved);
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      const { account: saved } = await compactApi.editAccount(changed);
      if (currentUser) setCurrentUser({ ...currentUser, firstName: saved.firstName, lastName: saved.lastName });
      useSession.setState({ displayName: `${saved.firstName} ${saved.lastName}`.trim() || saved.username });
      toast.success(ACCOUNT_TEXTS.saved);
    } catch (error) {
      setProblem(errorMessage(error));
      setSaving(false);
      return;
    }
    setSaving(false);
  };

  const field = (name: keyof typeof fields, label: string, type: 'text' | 'email' = 'text') => (
    <label className="settings__field">
      <span>{label}</span>
      <input
        className="text-input"
        name={name}
        type={type}
        value={fields[name]}
        autoComplete={name === 'email' ? 'email' : name === 'firstName' ? 'given-name' : 'family-name'}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      />
    </label>
  );

  return (
    <form className="settings__form" aria-label={ACCOUNT_TEXTS.accountSection} onSubmit={(event) => void submit(event)} noValidate>
      {field('firstName', 'First name')}
      {field('lastName', 'Last name')}
      {field('email', 'Email address', 'email')}
      <FormEnd problem={problem} problemId={problemId} saving={saving} label="Save" />
    </form>
  );
}

const EMPTY_PASSWORDS = { current: '', next: '', again: '' };

/** Changes the password: the current one, the new one twice. Every other session ends; this one goes on. */
function PasswordSection() {
  const headingId = useId();
  const problemId = useId();
  const [passwords, setPasswords] = useState(EMPTY_PASSWORDS);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const keepNewToken = useSession((state) => state.keepNewToken);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passwords.next !== passwords.again) {
      setProblem(ACCOUNT_TEXTS.passwordsDiffer);
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      const { encodedToken } = await compactApi.changePassword(passwords.current, passwords.next);
      keepNewToken(encodedToken);
      setPasswords(EMPTY_PASSWORDS);
      toast.success(ACCOUNT_TEXTS.passwordChanged);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof typeof passwords, label: string, autoComplete: string) => (
    <label className="settings__field">
      <span>{label}</span>
      <input
        className="text-input"
        type="password"
        name={name}
        value={passwords[name]}
        autoComplete={autoComplete}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => setPasswords({ ...passwords, [name]: event.target.value })}
      />
    </label>
  );

  return (
    <section className="settings__section card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings__heading">
        {ACCOUNT_TEXTS.passwordSection}
      </h2>
      <form className="settings__form" aria-label={ACCOUNT_TEXTS.passwordSection} onSubmit={(event) => void submit(event)} noValidate>
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password')}
        {field('again', 'Confirm new password', 'new-password')}
        <FormEnd problem={problem} problemId={problemId} saving={saving} label="Change password" />
      </form>
    </section>
  );
}

/** Signs the account out everywhere, this browser too: what to do when a device is lost or a password leaked. */
function SessionsSection() {
  const logOut = useSession((state) => state.logOut);
  const [busy, setBusy] = useState(false);
  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await compactApi.signOutEverywhere();
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
      return;
    }
    logOut({ bySignOut: true });
    toast.success(ACCOUNT_TEXTS.signedOutEverywhere);
  };
  return (
    <ActionSection title={ACCOUNT_TEXTS.sessionsSection} hint={ACCOUNT_TEXTS.signOutEverywhereHint}>
      {(hintId) => (
        <button
          type="button"
          className="button settings__danger"
          aria-describedby={hintId}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void signOutEverywhere()}
        >
          {ACCOUNT_TEXTS.signOutEverywhere}
        </button>
      )}
    </ActionSection>
  );
}

interface PeopleSectionProps {
  kind: 'muted' | 'blocked';
  title: string;
  empty: string;
  undo: RelationChange;
  undoLabel: string;
}

/** The people muted (or blocked), each with the button that undoes it. */
function PeopleSection({ kind, title, empty, undo, undoLabel }: PeopleSectionProps) {
  const headingId = useId();
  const { people, error, retry, footer } = usePeople({ kind });
  return (
    <section className="settings__section card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings__heading">
        {title}
      </h2>
      {error ? (
        <RetryAlert message={error} onRetry={retry} />
      ) : people === null ? (
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      ) : people.length === 0 ? (
        <p className="settings__empty">{empty}</p>
      ) : (
        <ul className="people-list" aria-labelledby={headingId}>
          {people.map((person) => (
            <UndoRow key={person._id} person={person} undo={undo} undoLabel={undoLabel} />
          ))}
        </ul>
      )}
      {footer}
    </section>
  );
}

function UndoRow({ person, undo, undoLabel }: { person: PersonCard; undo: RelationChange; undoLabel: string }) {
  return (
    <li className="people-list__item">
      <PersonLink person={person} />
      <UndoButton label={undoLabel} name={`${undoLabel} @${person.username}`} undo={() => changeRelation(person, undo)} />
    </li>
  );
}

/** Hands the browser `data` as a JSON file named `fileName` (the download attribute of a link made for it). */
function saveJsonFile(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads everything the account holds as `chirp-<username>.json`. */
function DownloadSection() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { data } = await compactApi.exportAccount();
      saveJsonFile(data, `chirp-${data.account.username}.json`);
      toast.success(ACCOUNT_TEXTS.downloaded);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionSection title={ACCOUNT_TEXTS.downloadSection} hint={ACCOUNT_TEXTS.downloadHint}>
      {(hintId) => (
        <button type="button" className="button" aria-describedby={hintId} disabled={busy} aria-busy={busy || undefined} onClick={() => void download()}>
          {ACCOUNT_TEXTS.downloadData}
        </button>
      )}
    </ActionSection>
  );
}

/** Deletes the account, once its password is given in a dialog; the session then ends (login page, a toast). */
function DeleteSection() {
  const [asking, setAsking] = useState(false);
  return (
    <ActionSection title={ACCOUNT_TEXTS.deleteSection} hint={ACCOUNT_TEXTS.deleteHint}>
      {(hintId) => (
        <>
          <button type="button" className="button settings__danger" aria-describedby={hintId} onClick={() => setAsking(true)}>
            {ACCOUNT_TEXTS.deleteAccount}
          </button>
          {asking && <DeleteDialog hint={ACCOUNT_TEXTS.deleteHint} onClose={() => setAsking(false)} />}
        </>
      )}
    </ActionSection>
  );
}

function DeleteDialog({ hint, onClose }: { hint: string; onClose: () => void }) {
  const passwordId = useId();
  const hintId = useId();
  const errorId = useId();
  const logOut = useSession((state) => state.logOut);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await compactApi.deleteAccount(password);
    } catch (failure) {
      // A wrong password is said in the dialog, beside the field: the session goes on.
      setError(errorMessage(failure));
      setBusy(false);
      return;
    }
    logOut({ bySignOut: true });
    toast.success(ACCOUNT_TEXTS.accountDeleted);
  };
  return (
    <ModalDialog title={ACCOUNT_TEXTS.deleteDialogTitle} onClose={onClose} className="settings__dialog">
      {(close) => (
        <form className="settings__form" onSubmit={(event) => void submit(event)} aria-describedby={hintId}>
          <p id={hintId}>{hint}</p>
          <label htmlFor={passwordId}>{ACCOUNT_TEXTS.deletePasswordLabel}</label>
          <input
            id={passwordId}
            className="text-input"
            type="password"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && (
            <p id={errorId} role="alert" className="settings__problem">
              {error}
            </p>
          )}
          <div className="settings__actions">
            <button type="button" className="button" onClick={close}>
              {ACCOUNT_TEXTS.cancel}
            </button>
            <button type="submit" className="button settings__danger" disabled={busy || password === ''} aria-busy={busy || undefined}>
              {ACCOUNT_TEXTS.deleteConfirm}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
