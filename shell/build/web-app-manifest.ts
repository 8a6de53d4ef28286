import type { ManifestOptions } from 'vite-plugin-pwa';
import { APP_ICONS, stylesheet, themeToken } from './app-icons.ts';

/**
 * The web app manifest: what a browser needs to offer installing Chirp, with the icons drawn at
 * build time (app-icons.ts) and the light theme's colours (the splash screen before the page paints).
 */
export function webAppManifest(css = stylesheet()): Partial<ManifestOptions> {
  const sized = (fileName: string) => `${APP_ICONS.find((icon) => icon.fileName === fileName)?.size ?? 0}`;
  const icon = (fileName: string, purpose: 'any' | 'maskable') => ({
    src: `/${fileName}`,
    sizes: `${sized(fileName)}x${sized(fileName)}`,
    type: 'image/png',
    purpose,
  });
  return {
    name: 'Chirp',
    short_name: 'Chirp',
    description: 'Chirp: short posts with images, from people you follow.',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: themeToken(css, '--color-bg').light,
    theme_color: themeToken(css, '--color-bg').light,
    icons: [icon('icons/icon-192.png', 'any'), icon('icons/icon-512.png', 'any'), icon('icons/icon-maskable-512.png', 'maskable')],
  };
}
