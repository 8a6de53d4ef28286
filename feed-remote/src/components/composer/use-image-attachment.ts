import { MESSAGES } from '@chirp/contracts';
import { ApiError, toast } from '@chirp/session';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Attachment =
  | { status: 'none' }
  /** `preview` is a local object URL shown dimmed while the image is prepared or uploaded. */
  | { status: 'preparing'; preview: string }
  | { status: 'ready'; url: string };

export type UploadImage = (file: File) => Promise<string>;

const NONE: Attachment = { status: 'none' };
/** The API server's own words (415) for any other file: the composer says them before it asks. */
export const NOT_AN_IMAGE = 'Only JPEG, PNG, GIF and WebP images can be uploaded.';

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

/** The chosen image's URL once it is uploaded, and how to change it: the form's own, or the draft's. */
export type ImageUrlState = readonly [string | undefined, (url: string | undefined) => void];
/** The attached image's description (alt text) and its setter. */
export type DescriptionState = readonly [string, (text: string) => void];

/**
 * The composer's image: picking one starts its upload at once; Post waits until it is ready.
 * A newer pick or Remove makes an earlier upload's late answer irrelevant. The uploaded image's URL
 * is kept where the caller says (a new post's draft keeps it across visits).
 */
export function useImageAttachment(upload: UploadImage, [url, setUrl]: ImageUrlState) {
  const [preview, setPreview] = useState<string | null>(null);
  const attempt = useRef(0);
  // Counts picks (and Remove, and the end): a file whose check ends after another was picked is not uploaded.
  const picks = useRef(0);
  const attachment: Attachment = preview ? { status: 'preparing', preview } : url ? { status: 'ready', url } : NONE;

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => () => {
    attempt.current += 1; // an upload finishing after unmount must not set state
    picks.current += 1;
  }, []);

  const attachImage = useCallback(
    async (file: File) => {
      // The picker accepts image/* (spec 5) but a person can still choose "All files", and the
      // browser's image/* includes kinds no back end keeps (SVG, BMP, HEIC).
      // A refused file leaves an image already there (or on its way) as it is.
      const pick = ++picks.current;
      const uploadable = await isUploadableImage(file).catch(() => false);
      if (pick !== picks.current) return;
      if (!uploadable) {
        toast.error(NOT_AN_IMAGE);
        return;
      }
      const current = ++attempt.current;
      setUrl(undefined);
      setPreview(URL.createObjectURL(file));
      try {
        const uploaded = await upload(file);
        if (current !== attempt.current) return;
        setPreview(null);
        setUrl(uploaded);
      } catch (error) {
        if (current !== attempt.current) return;
        setPreview(null);
        toast.error(uploadFailure(error));
      }
    },
    [upload, setUrl],
  );

  const removeImage = useCallback(() => {
    attempt.current += 1;
    picks.current += 1;
    setPreview(null);
    setUrl(undefined);
  }, [setUrl]);

  return { attachment, attachImage, removeImage };
}
