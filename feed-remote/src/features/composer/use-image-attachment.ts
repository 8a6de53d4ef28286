import { MESSAGES } from '@chirp/contracts';
import { toast } from '@chirp/session';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Attachment =
  | { status: 'none' }
  /** `preview` is a local object URL shown dimmed while the image is prepared or uploaded. */
  | { status: 'preparing'; preview: string }
  | { status: 'ready'; url: string };

export type UploadImage = (file: File) => Promise<string>;

const NONE: Attachment = { status: 'none' };
export const NOT_AN_IMAGE = 'Choose an image file (such as JPEG, PNG, GIF or WebP).';

/** The chosen image's URL once it is uploaded, and how to change it: the form's own, or the draft's. */
export type ImageUrlState = readonly [string | undefined, (url: string | undefined) => void];

/**
 * The composer's image: picking one starts its upload at once; Post waits until it is ready.
 * A newer pick or Remove makes an earlier upload's late answer irrelevant. The uploaded image's URL
 * is kept where the caller says (a new post's draft keeps it across visits).
 */
export function useImageAttachment(upload: UploadImage, [url, setUrl]: ImageUrlState) {
  const [preview, setPreview] = useState<string | null>(null);
  const attempt = useRef(0);
  const attachment: Attachment = preview ? { status: 'preparing', preview } : url ? { status: 'ready', url } : NONE;

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => () => {
    attempt.current += 1; // an upload finishing after unmount must not set state
  }, []);

  const picked = useCallback(
    async (file: File) => {
      // The picker accepts image/* but a person can still choose "All files".
      if (!file.type.startsWith('image/')) {
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
      } catch {
        if (current !== attempt.current) return;
        setPreview(null);
        toast.error(MESSAGES.uploadFailed);
      }
    },
    [upload, setUrl],
  );

  const removed = useCallback(() => {
    attempt.current += 1;
    setPreview(null);
    setUrl(undefined);
  }, [setUrl]);

  return { attachment, picked, removed };
}
