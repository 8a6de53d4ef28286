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

/**
 * The composer's image: picking one starts its upload at once; Post waits until it is ready.
 * A newer pick or Remove makes an earlier upload's late answer irrelevant.
 */
export function useImageAttachment(upload: UploadImage, initialUrl?: string) {
  const [attachment, setAttachment] = useState<Attachment>(initialUrl ? { status: 'ready', url: initialUrl } : NONE);
  const attempt = useRef(0);

  const preview = attachment.status === 'preparing' ? attachment.preview : null;
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
      setAttachment({ status: 'preparing', preview: URL.createObjectURL(file) });
      try {
        const url = await upload(file);
        if (current === attempt.current) setAttachment({ status: 'ready', url });
      } catch {
        if (current !== attempt.current) return;
        setAttachment(NONE);
        toast.error(MESSAGES.uploadFailed);
      }
    },
    [upload],
  );

  const removed = useCallback(() => {
    attempt.current += 1;
    setAttachment(NONE);
  }, []);

  return { attachment, picked, removed };
}
