// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES, PROFILE_PICTURE_LIMITS } from '@chirp/contracts';
import { createHostedUploader } from '../hosted-uploader';
import { configureUploader, uploadImage } from '../image-uploader';
import { browserImageTools, createLocalUploader, shrinkImage, type ImageTools } from '../local-uploader';

const bytes = (count: number, type = 'image/jpeg') => new Blob([new Uint8Array(count)], { type });

/** Stands for the browser: an image of `size` whose encodings weigh what `weigh` says. */
function fakeTools(size: { width: number; height: number } | null, weigh: (width: number, quality: number) => number) {
  const encodings: Array<{ width: number; height: number; quality: number }> = [];
  const closed = vi.fn();
  const tools: ImageTools = {
    open: async () => ({
      size,
      encode: async (attempt) => {
        encodings.push(attempt);
        return bytes(weigh(attempt.width, attempt.quality));
      },
      close: closed,
    }),
    toDataUrl: async (blob) => `data:${blob.type || 'image/jpeg'};bytes=${blob.size},`,
  };
  return { tools, encodings, closed };
}

describe('the local uploader', () => {
  it('keeps an image that already fits, as it is', async () => {
    const { tools, encodings, closed } = fakeTools({ width: 1200, height: 800 }, () => 0);
    const url = await createLocalUploader(tools).upload(bytes(500_000, 'image/png'));
    expect(url).toBe('data:image/png;bytes=500000,');
    expect(encodings).toEqual([]);
    expect(closed).toHaveBeenCalled();
  });

  it('downscales a large photo to 1600 px on its longest side', async () => {
    const { tools, encodings } = fakeTools({ width: 4000, height: 3000 }, () => 400_000);
    const url = await createLocalUploader(tools).upload(bytes(5_000_000));
    expect(encodings).toEqual([{ width: 1600, height: 1200, quality: 0.9 }]);
    expect(url).toBe('data:image/jpeg;bytes=400000,');
  });

  it('lowers quality, then size, until the image is at most 1 MiB', async () => {
    const weigh = (width: number, quality: number) => Math.round(width * width * quality * 0.6);
    const { tools, encodings } = fakeTools({ width: 3000, height: 3000 }, weigh);
    const url = await createLocalUploader(tools).upload(bytes(3_000_000));
    const last = encodings[encodings.length - 1]!;
    expect(weigh(last.width, last.quality)).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(encodings.length).toBeGreaterThan(1);
    expect(url).toBe(`data:image/jpeg;bytes=${weigh(last.width, last.quality)},`);
  });

  it('fails for a file that is not an image, and for one that cannot be made small enough', async () => {
    const { tools } = fakeTools({ width: 5000, height: 5000 }, () => MAX_IMAGE_BYTES * 2);
    await expect(createLocalUploader(tools).upload(bytes(10, 'text/plain'))).rejects.toThrow(/Not an image/);
    await expect(createLocalUploader(tools).upload(bytes(3_000_000))).rejects.toThrow(/small enough/);
  });

  it('makes a profile picture at most 400×400 and 256 KiB, even when it would fit a post', async () => {
    const { tools, encodings } = fakeTools({ width: 1200, height: 900 }, (width) => width * 150);
    const picture = await shrinkImage(bytes(600_000), PROFILE_PICTURE_LIMITS, tools);
    expect(encodings[0]).toEqual({ width: 400, height: 300, quality: 0.9 });
    expect(picture.size).toBe(60_000);
    expect(picture.size).toBeLessThanOrEqual(PROFILE_PICTURE_LIMITS.maxBytes);
  });

  it('keeps a small profile picture as it is', async () => {
    const { tools, encodings } = fakeTools({ width: 300, height: 300 }, () => 0);
    const file = bytes(40_000, 'image/png');
    expect(await shrinkImage(file, PROFILE_PICTURE_LIMITS, tools)).toBe(file);
    expect(encodings).toEqual([]);
  });

  it('reads a blob as a data: URL in the browser', async () => {
    const url = await browserImageTools.toDataUrl(new Blob(['<svg/>'], { type: 'image/svg+xml' }));
    expect(url).toBe(`data:image/svg+xml;base64,${btoa('<svg/>')}`);
  });
});

describe('the hosted uploader (spec 7)', () => {
  it('posts a multipart form with file, upload_preset and cloud_name, and answers the url', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ url: 'https://res.example/image/abc.jpg' }));
    const uploader = createHostedUploader({ cloudName: 'chirp demo', uploadPreset: 'unsigned', fetch });
    const file = bytes(10);
    expect(await uploader.upload(file)).toBe('https://res.example/image/abc.jpg');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.cloudinary.com/v1_1/chirp%20demo/image/upload');
    expect(init!.method).toBe('POST');
    const form = init!.body as FormData;
    expect(form.get('upload_preset')).toBe('unsigned');
    expect(form.get('cloud_name')).toBe('chirp demo');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });

  it('fails on a refused upload or an answer without an http(s) url', async () => {
    for (const answer of [new Response('no', { status: 500 }), Response.json({}), Response.json({ url: 'javascript:x' })]) {
      const uploader = createHostedUploader({ cloudName: 'c', uploadPreset: 'p', uploadUrl: 'https://up.example', fetch: async () => answer });
      await expect(uploader.upload(bytes(10))).rejects.toThrow();
    }
  });
});

describe('uploadImage and configureUploader', () => {
  afterEach(() => configureUploader({ kind: 'local' }));

  it('uses the configured uploader', async () => {
    configureUploader({ upload: async () => 'https://img.example/x.png' });
    expect(await uploadImage(bytes(1))).toBe('https://img.example/x.png');
  });

  it("reports any failure as an Error reading 'Server Error' (spec 8)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureUploader({ upload: async () => Promise.reject(new TypeError('offline')) });
    await expect(uploadImage(bytes(1))).rejects.toThrow(new Error('Server Error'));
    configureUploader({ upload: async () => '' });
    await expect(uploadImage(bytes(1))).rejects.toThrow('Server Error');
  });

  it('chooses the hosted service when configured with it', async () => {
    const network = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ url: 'https://res.example/1.png' }));
    configureUploader({ kind: 'hosted', cloudName: 'c', uploadPreset: 'p' });
    expect(await uploadImage(bytes(1))).toBe('https://res.example/1.png');
    expect(network).toHaveBeenCalledWith('https://api.cloudinary.com/v1_1/c/image/upload', expect.objectContaining({ method: 'POST' }));
  });
});
