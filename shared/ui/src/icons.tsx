import type { SVGProps } from 'react';
import { LOGO_NAME, LOGO_SHAPES, LOGO_SIZE } from './logo-mark';

interface IconProps {
  /** Width and height in CSS pixels; the drawing is 24×24 and scales. */
  size?: number;
}

interface FillableIconProps extends IconProps {
  /** Filled with the current colour, as on a post one has liked or bookmarked. */
  filled?: boolean;
}

/** Decorative line icons (24×24); the control around each one carries the accessible name. */
function Icon({ size = 20, children, ...props }: SVGProps<SVGSVGElement> & IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Chirp's mark (./logo-mark.ts), in the current colour: unlike the icons, an image named "Chirp". */
export const LogoIcon = ({ size = 20 }: IconProps) => (
  <svg
    viewBox={`0 0 ${LOGO_SIZE} ${LOGO_SIZE}`}
    width={size}
    height={size}
    fill="currentColor"
    role="img"
    aria-label={LOGO_NAME}
    focusable="false"
  >
    {LOGO_SHAPES.map((shape) => (
      <path key={shape} d={shape} fillRule="evenodd" />
    ))}
  </svg>
);

export const HomeIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </Icon>
);

export const ExploreIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </Icon>
);

export const HeartIcon = ({ size, filled = false }: FillableIconProps) => (
  <Icon size={size} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </Icon>
);

export const BookmarkIcon = ({ size, filled = false }: FillableIconProps) => (
  <Icon size={size} fill={filled ? 'currentColor' : 'none'}>
    <path d="M6 3h12v18l-6-4-6 4z" />
  </Icon>
);

export const PlusIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const MoreIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </Icon>
);

export const CloseIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const ImageIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 17-5-5-9 8" />
  </Icon>
);

export const EditIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);

/** A pen with a rounded tip: writing a post, on the welcome page (EditIcon is the post menu's). */
export const PenIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);

export const TrashIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Icon>
);

export const FlameIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.3 2.3-5.3 3.9-7.4.4 1.8 1.4 3 2.6 3.4C11.1 7 12.6 4.6 15 3c-.3 3 1.3 4.6 2.6 6.3A7.4 7.4 0 0 1 19 14.4C19 18.2 15.9 21 12 21z" />
  </Icon>
);

export const ClockIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

/** One person: the guest login, choosing an avatar. */
export const PersonIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

export const PeopleIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6" />
  </Icon>
);

export const SignOutIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5M21 12H9" />
  </Icon>
);

export const LinkIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);

export const SearchIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const UploadIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Icon>
);

export const EyeIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const EyeOffIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M9.9 5.2A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.9 8.3 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    <path d="m3 3 18 18" />
  </Icon>
);

/** A speech bubble: answer a post. */
export const ReplyIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.8-.8L3 20.5l1.4-4.3A8 8 0 0 1 3 11.5 8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z" />
  </Icon>
);

/** Two arrows chasing each other round a square: repost a post. */
export const RepostIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11V9a3 3 0 0 1 3-3h15" />
    <path d="M7 22l-4-4 4-4" />
    <path d="M21 13v2a3 3 0 0 1-3 3H3" />
  </Icon>
);

/** Two speech marks: quote a post. */
export const QuoteIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M3 21c3 0 7-1 7-8V5H3v7h4c0 3-1 5-4 5z" />
    <path d="M14 21c3 0 7-1 7-8V5h-7v7h4c0 3-1 5-4 5z" />
  </Icon>
);

/** A bell: notifications. */
export const BellIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </Icon>
);

/** A keyboard: the keyboard shortcuts. */
export const KeyboardIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M6 9h.01M10 9h.01M14 9h.01M18 9h.01M6 13h.01M18 13h.01M10 13h4M7 16h10" />
  </Icon>
);

/** A circle half dark: the theme (System, Light or Dark). */
export const ThemeIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
  </Icon>
);

/** A tick: the choice in force. */
export const CheckIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

/** An arrowhead pointing right: an item that opens a submenu. */
export const ChevronRightIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

/** A speaker struck through: mute someone. */
export const MuteIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M11 5 6 9H3v6h3l5 4z" />
    <path d="m22 9-6 6M16 9l6 6" />
  </Icon>
);

/** A circle struck through: block someone. */
export const BlockIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.6 5.6 12.8 12.8" />
  </Icon>
);

/** A flag on its pole: report a post. */
export const FlagIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </Icon>
);

/** A shield: moderation. */
export const ShieldIcon = ({ size }: IconProps) => (
  <Icon size={size}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
  </Icon>
);
