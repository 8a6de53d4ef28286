import type { ReactNode } from 'react';

/**
 * The signed-in layout's frame that index.html paints for a returning person (shell/build/app-frame.ts
 * puts it there, in `<template id="app-frame">`), shown again by the app where it would otherwise
 * show a loader, so that the page goes from the frame to the layout with nothing in between. Where
 * the page has no frame (the dev server's page), the loader as before.
 */
const template = () => document.getElementById('app-frame') as HTMLTemplateElement | null;

/** What a loader says to assistive technology, beside the frame (which is hidden from it). */
const Status = ({ label }: { label: string }) => (
  <span className="visually-hidden" role="status">
    {label}
  </span>
);

/** The whole frame (while the stored session is checked), else `fallback`. */
export function AppFrame({ label, fallback }: { label: string; fallback: ReactNode }) {
  const html = template()?.innerHTML;
  if (!html) return fallback;
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <Status label={label} />
    </>
  );
}

/** The main column's placeholders, for a page of the layout that is loading; undefined without a frame. */
export function mainPlaceholders(label: string): ReactNode | undefined {
  const html = template()?.content.querySelector('.app-main')?.innerHTML;
  if (!html) return undefined;
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <Status label={label} />
    </>
  );
}
