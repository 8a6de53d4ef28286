import { LinkIcon } from '@chirp/ui';

/** Whether `value` is an absolute http(s) URL, the only kind the profile turns into a link. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The profile's website: a link opened safely in a new tab when it is a web address, else text. */
export function Website({ value }: { value: string }) {
  const text = value.trim();
  if (!text) return null;
  return (
    <p className="profile__website">
      <LinkIcon size={16} />
      {isWebUrl(text) ? (
        <a href={text} target="_blank" rel="noopener noreferrer" title="Opens in a new tab">
          {text}
        </a>
      ) : (
        <span>{text}</span>
      )}
    </p>
  );
}
