/**
 * @chirp/ui: the look and behaviour every package shares: icons, the modal dialog, the menu with
 * its keyboard handling, the place for a dialog whose code comes when it opens (OnDemand), the Theme menu, the phone-layout query, and the design tokens (light and
 * dark) and component classes in `@chirp/ui/styles.css`. A build-time package: each remote bundles
 * what it imports and imports the styles it uses, so no remote relies on the shell's stylesheet.
 */
export * from './icons';
export { Avatar, type AvatarProps } from './avatar';
export { ModalDialog, type ModalDialogProps } from './modal-dialog';
export { useMediaQuery, usePhoneLayout, PHONE_QUERY } from './use-media-query';
export { useMenu } from './use-menu';
export { OnDemand, onDemand, type OnDemandProps } from './on-demand';
export { OptionsMenu, type MenuOption } from './options-menu';
export { RetryAlert, Spinner } from './status';
export { Tabs, type TabDefinition } from './tabs';
export { ThemeMenuButton, ThemeSubmenu, type ThemeChoiceProps, type ThemeName } from './theme-menu';
export { fullDateTime, RelativeTime, type RelativeTimeProps, relativeTime, shortDate, useMinuteClock } from './relative-time';
export { type ShortcutTarget, shortcutSelector, shortcutTarget } from './shortcut-targets';
