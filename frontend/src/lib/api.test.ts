import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiRequestError, loadJson } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: string, statusText = '') {
  return new Response(body || null, { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

describe('apiRequest', () => {
  it('sends JSON with its content type only when there is a body, always with credentials', async () => {
    const fetch = vi.fn(() => Promise.resolve(answer(201, '{}')));
    vi.stubGlobal('fetch', fetch);

    await apiRequest('POST', '/api/contact', { name: 'Ada' });
    await apiRequest('POST', '/api/admin/logout');

    expect(fetch).toHaveBeenNthCalledWith(1, '/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Ada"}',
    });
    expect(fetch).toHaveBeenNthCalledWith(2, '/api/admin/logout', {
      method: 'POST',
      credentials: 'include',
      headers: {},
      body: undefined,
    });
  });

  it('turns a failure into "status: body text", or the status text for an empty body, with the server sentence at hand', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(answer(400, '{"statusCode":400,"error":"Validation failed"}'))
        .mockResolvedValueOnce(answer(503, '', 'Service Unavailable')),
    );

    const first = await apiRequest('POST', '/api/contact', {}).catch((error: unknown) => error);
    const second = await apiRequest('GET', '/api/health').catch((error: unknown) => error);

    expect(first).toBeInstanceOf(ApiRequestError);
    expect((first as ApiRequestError).message).toBe('400: {"statusCode":400,"error":"Validation failed"}');
    expect((first as ApiRequestError).serverError).toBe('Validation failed');
    expect((second as ApiRequestError).message).toBe('503: Service Unavailable');
    expect((second as ApiRequestError).serverError).toBeUndefined();
  });
});

describe('loadJson', () => {
  it("uses the server's loopback client when the loader has one: body on success, null on 401, an error otherwise", async () => {
    const getJson = vi
      .fn()
      .mockResolvedValueOnce({ status: 200, body: [{ slug: 'a' }] })
      .mockResolvedValueOnce({ status: 401, body: { statusCode: 401, error: 'Not signed in' } })
      .mockResolvedValueOnce({ status: 404, body: { statusCode: 404, error: 'Post not found' } });
    const context = { serverApi: { getJson } };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('the server must not fetch'))),
    );

    expect(await loadJson(context, '/api/posts/labs')).toEqual([{ slug: 'a' }]);
    expect(await loadJson(context, '/api/admin/user')).toBeNull();
    await expect(loadJson(context, '/api/posts/labs/missing')).rejects.toThrow(
      '404: {"statusCode":404,"error":"Post not found"}',
    );
  });

  it('fetches in the browser: body on success, null on 401, an error otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(answer(200, '{"ok":true}'))
        .mockResolvedValueOnce(answer(401, ''))
        .mockResolvedValueOnce(answer(500, 'boom')),
    );

    expect(await loadJson(undefined, '/api/a')).toEqual({ ok: true });
    expect(await loadJson(undefined, '/api/b')).toBeNull();
    await expect(loadJson(undefined, '/api/c')).rejects.toThrow('500: boom');
  });
});
