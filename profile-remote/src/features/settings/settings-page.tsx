import { type Account, ACCOUNT_TEXTS, type PersonCard } from '@chirp/contracts';
import { changeRelation, type RelationChange } from '@chirp/queries';
import { compactApi, errorMessage, queryClient, toast, useQuery, useSession } from '@chirp/session';
import { RetryAlert, Spinner } from '@chirp/ui';
import { type FormEvent, useId, useState } from 'react';
import { usePeople } from '../../components/people-pages';
import { PersonLink } from '../../components/people/person-link';
import './settings.css';

/** The settings page (route /settings, from the account menu): the account's names and address, and the people muted or blocked. */
export default function SettingsPage() {
  const headingId = useId();
  return (
    <section className="settings" aria-labelledby={headingId}>
      <h1 id={headingId} className="settings__title">
        {ACCOUNT_TEXTS.settings}
      </h1>
      <AccountSection />
      <PeopleSection kind="muted" title={ACCOUNT_TEXTS.mutedAccounts} empty={ACCOUNT_TEXTS.noneMuted} undo="unmute" undoLabel="Unmute" />
      <PeopleSection kind="blocked" title={ACCOUNT_TEXTS.blockedAccounts} empty={ACCOUNT_TEXTS.noneBlocked} undo="unblock" undoLabel="Unblock" />
    </section>
  );
}

const ACCOUNT_KEY = ['account'] as const;

/** The display name and the email address, as the account has them; Save keeps what changed. */
function AccountSection() {
  const headingId = useId();
  const token = useSession((state) => state.token);
  const query = useQuery({ queryKey: [...ACCOUNT_KEY, token], queryFn: () => compactApi.account().then((answer) => answer.account) }, queryClient);
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
        className="input"
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
      {problem && (
        <p id={problemId} className="settings__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
        Save
      </button>
    </form>
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
  const [busy, setBusy] = useState(false);
  return (
    <li className="people-list__item">
      <PersonLink person={person} />
      <button
        type="button"
        className="button"
        aria-label={`${undoLabel} @${person.username}`}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void changeRelation(person, undo).then(() => setBusy(false));
        }}
      >
        {undoLabel}
      </button>
    </li>
  );
}
