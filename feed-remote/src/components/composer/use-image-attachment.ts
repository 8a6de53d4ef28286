import { MAX_POST_IMAGES, MESSAGES } from '@chirp/contracts';
import { ApiError, toast } from '@chirp/session';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftImage } from './draft-storage';

export type UploadImage = (file: File) => Promise<string>;

/** The API server's own words (415) for any other file: the composer says them before it asks. */
export const NOT_AN_IMAGE = 'Only JPEG, PNG, GIF and WebP images can be uploaded.';
/** Said when more files are picked than there is room for: the first ones are kept. */
export const TOO_MANY_IMAGES = `A post can have at most ${MAX_POST_IMAGES} images.`;

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** The first bytes of each kind the back ends keep, at their offset (WebP: RIFF….WEBP). */
const SIGNATURES: { offset: number; bytes: number[] }[][] = [
  [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }],
  [{ offset: 0, bytes: [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a] }],
  [{ offset: 0, bytes: ascii('GIF87a') }],
  [{ offset: 0, bytes: ascii('GIF89a') }],
  [
    { offset: 0, bytes: ascii('RIFF') },
    { offset: 8, bytes: ascii('WEBP') },
  ],
];

/**
 * Whether the file is a JPEG, PNG, GIF or WebP image, read from its bytes as the API server reads
 * them: a file's name and declared type say nothing (a PDF renamed photo.png is "image/png").
 */
export async function isUploadableImage(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return SIGNATURES.some((parts) => parts.every(({ offset, bytes }) => bytes.every((byte, index) => head[offset + index] === byte)));
}

/** A refusal's own text when the uploader passed one on (the cause of its 'Server Error'), else 'Server Error' (spec 8). */
function uploadFailure(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const refusal = [error, cause].find((candidate) => candidate instanceof ApiError);
  return refusal?.message || MESSAGES.uploadFailed;
}

/** The attached images (each its URL once uploaded, and its description), and how to change them. */
export type ImagesState = readonly [readonly DraftImage[], (update: (images: DraftImage[]) => DraftImage[]) => void];

/** An image being checked or uploaded: shown dimmed from its local object URL until it is ready. */
export interface PendingImage {
  id: number;
  preview: string;
}

/**
 * The composer's images, up to MAX_POST_IMAGES: each picked file starts its upload at once (several
 * at once), and Post waits until every one is ready. The images keep the order they were picked in,
 * whichever upload answers first: one that is ready waits, shown as pending, for those picked before
 * it. Removing an image, or the composer going, makes a late upload's answer irrelevant. Where the
 * uploaded images are kept is the caller's (a new post's draft keeps them across visits).
 */
export function useImageAttachments(upload: UploadImage, [images, changeImages]: ImagesState) {
  const [pending, setPending] = useState<PendingImage[]>([]);
  const nextId = useRef(0);
  // Uploads whose answer is still wanted; Remove all (and unmounting) empties it.
  const wanted = useRef(new Set<number>());
  const previews = useRef(new Set<string>());
  // The images not yet placed, in the order they were picked, and the answers already in (null: failed).
  const unplaced = useRef<PendingImage[]>([]);
  const answers = useRef(new Map<number, string | null>());
  const mounted = useRef(true);

  useEffect(() => {
    const own = previews.current;
    const live = wanted.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      live.clear(); // an upload finishing after unmount must not set state
      own.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const settle = useCallback((entry: PendingImage) => {
    wanted.current.delete(entry.id);
    previews.current.delete(entry.preview);
    URL.revokeObjectURL(entry.preview);
    setPending((current) => current.filter((other) => other.id !== entry.id));
  }, []);

  /** Places the answered images that no earlier pick still waits before, in the order they were picked. */
  const placeAnswered = useCallback(() => {
    const urls: string[] = [];
    while (unplaced.current.length > 0 && answers.current.has(unplaced.current[0]!.id)) {
      const entry = unplaced.current.shift()!;
      const url = answers.current.get(entry.id);
      answers.current.delete(entry.id);
      if (url) urls.push(url);
      settle(entry);
    }
    if (urls.length > 0) changeImages((current) => [...current, ...urls.map((image) => ({ image }))].slice(0, Math.max(current.length, MAX_POST_IMAGES)));
  }, [changeImages, settle]);

  const uploadOne = useCallback(
    async (file: File, entry: PendingImage) => {
      let url: string | null = null;
      try {
        url = await upload(file);
      } catch (error) {
        if (wanted.current.has(entry.id)) toast.error(uploadFailure(error));
      }
      if (!wanted.current.has(entry.id)) return;
      answers.current.set(entry.id, url);
      placeAnswered();
    },
    [upload, placeAnswered],
  );

  /** Takes back an image still pending: its upload's answer no longer counts, and those after it go on. */
  const cancelImage = useCallback(
    (entry: PendingImage) => {
      settle(entry);
      unplaced.current = unplaced.current.filter((other) => other.id !== entry.id);
      answers.current.delete(entry.id);
      placeAnswered();
    },
    [settle, placeAnswered],
  );

  const attachImages = useCallback(
    async (files: readonly File[], room: number) => {
      // The picker accepts image/* (spec 5) but a person can still choose "All files", and the
      // browser's image/* includes kinds no back end keeps (SVG, BMP, HEIC): those are refused, the others kept.
      const checked = await Promise.all(files.map(async (file) => ({ file, uploadable: await isUploadableImage(file).catch(() => false) })));
      // The composer closed while the files were read: nothing is uploaded for a draft that is gone.
      if (!mounted.current) return;
      if (checked.some((entry) => !entry.uploadable)) toast.error(NOT_AN_IMAGE);
      const chosen = checked.filter((entry) => entry.uploadable).map((entry) => entry.file);
      if (chosen.length > room) toast.error(TOO_MANY_IMAGES);
      const entries = chosen.slice(0, Math.max(0, room)).map((file) => {
        const entry = { id: ++nextId.current, preview: URL.createObjectURL(file) };
        wanted.current.add(entry.id);
        previews.current.add(entry.preview);
        unplaced.current.push(entry);
        return { file, entry };
      });
      setPending((current) => [...current, ...entries.map(({ entry }) => entry)]);
      await Promise.all(entries.map(({ file, entry }) => uploadOne(file, entry)));
    },
    [uploadOne],
  );

  const removeImage = useCallback((index: number) => changeImages((current) => current.filter((_, at) => at !== index)), [changeImages]);
  const describeImage = useCallback(
    (index: number, alt: string) => changeImages((current) => current.map((entry, at) => (at === index ? { image: entry.image, ...(alt ? { alt } : {}) } : entry))),
    [changeImages],
  );
  const removeAll = useCallback(() => {
    wanted.current.clear();
    unplaced.current = [];
    answers.current.clear();
    pending.forEach(settle);
    changeImages(() => []);
  }, [pending, settle, changeImages]);

  return { images, pending, attachImages, removeImage, cancelImage, describeImage, removeAll };
}
