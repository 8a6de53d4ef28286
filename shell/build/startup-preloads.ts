import { readFileSync } from 'node:fs';
import type { RemoteModuleId } from '@chirp/seams';
import type { Plugin } from 'vite';

/** The exposed modules of the first screen, by path (see shell/src/routes/router.tsx). */
const SIGNED_IN_CHROME: RemoteModuleId[] = ['profile/SidePanel'];
export const STARTUP_ROUTES: { path: string; prefix?: boolean; modules: RemoteModuleId[]; signedIn: boolean }[] = [
  { path: '/', modules: ['auth/LoginPage'], signedIn: false },
  { path: '/signup', modules: ['auth/SignupPage'], signedIn: false },
  { path: '/home', modules: ['feed/HomePage', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/explore', modules: ['feed/ExplorePage', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/bookmarks', modules: ['feed/BookmarksPage', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/likedpost', modules: ['feed/LikedPostsPage', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/profile/', prefix: true, modules: ['profile/ProfilePage', 'feed/PostList', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/search', modules: ['profile/SearchPage', 'feed/PostList', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/post/', prefix: true, modules: ['feed/PostPage', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/notifications', modules: ['notifications/NotificationsPage', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/settings', modules: ['profile/SettingsPage', ...SIGNED_IN_CHROME], signedIn: true },
  { path: '/reports', modules: ['profile/ReportsPage', ...SIGNED_IN_CHROME], signedIn: true },
];
const FALLBACK: Record<'signedIn' | 'visitor', RemoteModuleId[]> = { signedIn: ['feed/HomePage', ...SIGNED_IN_CHROME], visitor: ['auth/LoginPage'] };

/** Shell modules loaded when the person asks for them (a dialog), not by the first screen: no preload. */
const ON_DEMAND = ['/shell/src/layout/keyboard-shortcuts-dialog.tsx'];

type Chunk = { fileName: string; facadeModuleId: string | null; imports: string[]; dynamicImports: string[] };

/**
 * The chunks of the in-browser back end: those the shell imports from the browser-backend package on demand, and the
 * chunks only they import (MirageJS and its dependencies, the rules it runs).
 */
export function backEndChunks(chunks: readonly Chunk[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set(chunks.filter((chunk) => chunk.facadeModuleId?.includes('/browser-backend/src/')).map((chunk) => chunk.fileName));
  for (const name of found) for (const imported of byName.get(name)?.imports ?? []) found.add(imported);
  const usedElsewhere = (name: string) =>
    chunks.some((chunk) => !found.has(chunk.fileName) && (chunk.imports.includes(name) || chunk.dynamicImports.includes(name)));
  return new Set([...found].filter((name) => byName.get(name)?.facadeModuleId?.includes('/browser-backend/src/') || !usedElsewhere(name)));
}

/** The chunks of ON_DEMAND's modules. */
export const onDemandChunks = (chunks: readonly Chunk[]) =>
  chunks
    .filter((chunk) => ON_DEMAND.some((module) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module)))
    .map((chunk) => chunk.fileName);

/** The script without its comments' first block, its data in place. */
export const inlined = (script: string, data: unknown) =>
  script.replace(/^\/\*\*[\s\S]*?\*\/\n\/\* global[^\n]*\n/, '').replace('})(__DATA__);', `})(${JSON.stringify(data)});`);

/**
 * The first screen in waves, not a chain (each request found only after the one before made a slow network wait seconds). index.html gets a modulepreload for every chunk
 * of the shell but those of ON_DEMAND (the app's, and the shared packages it offers the remotes: they would otherwise be
 * found one import at a time), its stylesheets, and the inlined early-start script
 * (shell/build/early-start.js), which asks for config.json and remotes.json at once and then
 * preloads the in-browser back end (only when no API server is configured) and the first screen's
 * remote modules from each remote's mf-manifest.json.
 */
export function startupPreloads({ serverBuild }: { serverBuild: boolean }): Plugin {
  const script = readFileSync(new URL('./early-start.js', import.meta.url), 'utf8');
  return {
    name: 'chirp-startup-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const backEnd = [...backEndChunks(chunks)].map((name) => `/${name}`);
        const onDemand = onDemandChunks(chunks).map((name) => `/${name}`);
        const already = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]));
        const modules = chunks
          .map((chunk) => `/${chunk.fileName}`)
          .filter((file) => file.endsWith('.js') && !backEnd.includes(file) && !already.has(file) && !onDemand.includes(file));
        const styles = Object.values(bundle)
          .filter((output) => output.type === 'asset' && output.fileName.endsWith('.css'))
          .map((asset) => `/${asset.fileName}`)
          .filter((href) => !already.has(href));
        const data = { mirage: backEnd, serverBuild, routes: STARTUP_ROUTES, fallback: FALLBACK };
        return [
          { tag: 'script', children: inlined(script, data), injectTo: 'head-prepend' as const },
          ...modules.map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href }, injectTo: 'head' as const })),
          ...styles.map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', href }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
