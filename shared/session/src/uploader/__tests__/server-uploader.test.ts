// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@chirp/contracts';
import { configureUploader, uploadImage } from '../image-uploader';
import { createServerUploader } from '../server-uploader';
import { ApiError } from '../../api/api-error';

const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('the API server uploader', () => {
  afterEach(() => configureUploader({ kind: 'local' }));

  it("posts the file as multipart `file` with the session's token to /api/uploads and answers the url", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-7');
    const fetch = answer(201, { url: 'http://api.example/uploads/a.png' });
    const url = await createServerUploader({ baseUrl: 'http://api.example/', fetch }).upload(image);
    expect(url).toBe('http://api.example/uploads/a.png');
    const [address, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('http://api.example/api/uploads');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ authorization: 'token-7' });
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it("is chosen with { kind: 'server' }, and a refusal reads 'Server Error', with the server's own words as its cause", async () => {
    const refusal = 'Only JPEG, PNG, GIF and WebP images can be uploaded.';
    configureUploader({ kind: 'server', baseUrl: 'http://api.example', fetch: answer(415, { errors: [refusal] }) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure: Error = await uploadImage(image).then(
      () => new Error('no refusal'),
      (error: unknown) => error as Error,
    );
    expect(failure).toEqual(new Error('Server Error'));
    expect(failure.cause).toBeInstanceOf(ApiError);
    expect(failure.cause).toMatchObject({ status: 415, message: refusal });
    configureUploader({ kind: 'server', baseUrl: 'http://api.example', fetch: answer(201, { url: 'javascript:alert(1)' }) });
    await expect(uploadImage(image)).rejects.toThrow('Server Error');
  });
});
