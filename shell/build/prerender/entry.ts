/**
 * Renders a public page (log in, sign up) of the app to HTML at build time, as the browser's first
 * render will build it: the same component tree, so that the browser hydrates the HTML instead of
 * painting it again. Loaded by ./plugin.ts through Vite's SSR module loader.
 */
import { queryClient } from '@chirp/session';
import { createElement, type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '../../src/app.tsx';

export async function renderPublicPage(path: string): Promise<string> {
  const router = ({ children }: { children: ReactNode }) => createElement(StaticRouter, { location: path }, children);
  // Waits for every Suspense boundary (the remote's page behind its lazy component) to resolve.
  const { prelude } = await prerender(createElement(StrictMode, null, createElement(App, { router })));
  const html = await new Response(prelude).text();
  // The render made the queries the page asks for (disabled for a visitor): drop them, and their
  // garbage-collection timers, which would keep the build running for minutes.
  queryClient.clear();
  return html;
}
