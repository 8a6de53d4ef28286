import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from 'lightningcss';
import { createServer, type Plugin } from 'vite';
import { sourceFingerprint } from '../../../shared/build/source-fingerprint.ts';

/** The shell's remote registry, and what the build-time render uses in its place. */
const REGISTRY = fileURLToPath(new URL('../../src/remotes/remote-registry.ts', import.meta.url));
const BUILD_TIME_REGISTRY = fileURLToPath(new URL('./remotes.ts', import.meta.url));
/** The auth pages' own stylesheet: the remote brings it when it loads, the prerendered page needs it at once. */
const AUTH_PAGE_CSS = new URL('../../../auth-remote/src/components/auth-page/auth-page.css', import.meta.url);
const AUTH_REMOTE = fileURLToPath(new URL('../../../auth-remote', import.meta.url));

const ROOT = '<div id="root"></div>';

/** Renders the log-in and sign-up pages with the app's own components, through Vite's SSR loader. */
export async function renderPages(root: string): Promise<{ login: string; signup: string }> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [
      {
        name: 'chirp-build-time-registry',
        enforce: 'pre',
        async resolveId(source, importer) {
          // Resolved once here, and kept: returning null would have Vite resolve it again.
          const resolved = await this.resolve(source, importer, { skipSelf: true });
          return resolved?.id === REGISTRY ? BUILD_TIME_REGISTRY : resolved;
        },
      },
    ],
  });
  try {
    const entry = (await server.ssrLoadModule(fileURLToPath(new URL('./entry.ts', import.meta.url)))) as typeof import('./entry.ts');
    return { login: await entry.renderPublicPage('/'), signup: await entry.renderPublicPage('/signup') };
  } finally {
    await server.close();
  }
}

/**
 * Paints the public pages from the HTML: the log-in page (`/`) is rendered at build time into the
 * root of the shell's index.html, and the sign-up page into a template that the page's first script
 * (./app-frame.ts) moves into the root on /signup. The app then hydrates that HTML instead of
 * painting it again (src/bootstrap.tsx), when the auth remote deployed is the build of the same
 * source (`data-prerendered-build`, its manifest's buildVersion). The auth pages' stylesheet is
 * inlined in the head.
 */
export function prerenderPublicPages(): Plugin {
  let root = '';
  return {
    name: 'chirp-prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After the other plugins' changes to the page (./app-frame.ts puts its template and script
    // after the root, and decides at run time what the root shows).
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT) || !html.includes('</head>')) throw new Error('index.html has no empty root to render the log-in page into');
        const { login, signup } = await renderPages(root);
        const { code } = transform({ filename: 'auth-page.css', code: readFileSync(AUTH_PAGE_CSS), minify: true });
        return html
          .replace('</head>', `  <style id="prerendered-style">${code.toString()}</style>\n  </head>`)
          .replace(ROOT, `<div id="root" data-prerendered="/" data-prerendered-build="${sourceFingerprint(AUTH_REMOTE)}">${login}</div>\n    <template id="prerendered-signup">${signup}</template>`);
      },
    },
  };
}
