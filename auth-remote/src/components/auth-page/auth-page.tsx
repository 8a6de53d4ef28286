import { HeartIcon, LogoIcon, PenIcon, PeopleIcon } from '@chirp/ui';
import { useId, type ReactNode } from 'react';
import '@chirp/ui/styles.css';
import './auth-page.css';

interface AuthPageProps {
  /** The card's heading: what this page lets the visitor do. */
  title: string;
  /** On the login page (the front door) the tagline is the page's heading; elsewhere it is branding. */
  taglineIsHeading?: boolean;
  children: ReactNode;
}

const HIGHLIGHTS = [
  { icon: <PenIcon />, text: 'Post what is on your mind, with a picture if you like' },
  { icon: <HeartIcon />, text: 'Keep the posts you love close with likes and bookmarks' },
  { icon: <PeopleIcon />, text: 'Follow friends and discover new voices' },
];

/** The full page around the login and sign-up forms: a brand panel beside (or above) a card. */
export function AuthPage({ title, taglineIsHeading = false, children }: AuthPageProps) {
  const titleId = useId();
  const Tagline = taglineIsHeading ? 'h1' : 'p';
  const Title = taglineIsHeading ? 'h2' : 'h1';
  return (
    <main className="auth-page">
      <div className="auth-page__inner">
        <div className="auth-page__brand">
          <p className="auth-page__logo">
            <LogoIcon size={40} />
            {/* The mark is named "Chirp" already. */}
            <span aria-hidden="true">Chirp</span>
          </p>
          {/* The spec keeps this misspelling on purpose. */}
          <Tagline className="auth-page__tagline">Stay Always Connceted</Tagline>
          <p className="auth-page__pitch">
            Share short posts, follow the people you care about and see what they are talking about.
          </p>
          <ul className="auth-page__highlights">
            {HIGHLIGHTS.map(({ icon, text }) => (
              <li key={text}>
                <span className="auth-page__highlight-icon">{icon}</span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <section className="auth-page__card card" aria-labelledby={titleId}>
          <Title id={titleId} className="auth-page__title">
            {title}
          </Title>
          {children}
        </section>
      </div>
    </main>
  );
}
