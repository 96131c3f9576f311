import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postSignInPath } from '@northbeam/common';
import { fetchStaffUser, forgetStaffUser, signInAgain } from './staff';

describe('postSignInPath', () => {
  it('follows same-site paths only', () => {
    expect(postSignInPath('/admin/posts?page=2')).toBe('/admin/posts?page=2');
    for (const unsafe of [
      null,
      '',
      'https://evil.test',
      '//evil.test/x',
      '/\\evil.test',
      '/admin/..//evil.test/x',
      '/admin/%2e%2e/%5cevil.test',
    ])
      expect(postSignInPath(unsafe)).toBe('/admin');
  });
});

describe('signInAgain', () => {
  it('throws a redirect to the sign-in page that comes back to this page', () => {
    let thrown: unknown;
    try {
      signInAgain({ url: 'http://site.test/admin/posts?page=2' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/admin/login?redirect=%2Fadmin%2Fposts%3Fpage%3D2');
  });
});

describe('fetchStaffUser in the browser', () => {
  const user = { id: '1', name: 'Ada', email: 'ada@example.test', role: 'admin' };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    forgetStaffUser();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once per five minutes; a 401 is signed out', async () => {
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => Promise.resolve(Response.json(user)))
      .mockImplementationOnce(() => Promise.resolve(Response.json({ statusCode: 401 }, { status: 401 })));
    vi.stubGlobal('fetch', fetch);

    expect(await fetchStaffUser(undefined)).toEqual(user);
    vi.advanceTimersByTime(5 * 60 * 1000 - 1);
    expect(await fetchStaffUser(undefined)).toEqual(user);
    expect(fetch).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect(await fetchStaffUser(undefined)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('throws on any other failure (503, offline) without keeping it: the next check asks again', async () => {
    const unavailable = { statusCode: 503, error: 'The service is temporarily unavailable' };
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => Promise.resolve(Response.json(unavailable, { status: 503 })))
      .mockImplementationOnce(() => Promise.reject(new TypeError('offline')))
      .mockImplementationOnce(() => Promise.resolve(Response.json(user)));
    vi.stubGlobal('fetch', fetch);

    await expect(fetchStaffUser(undefined)).rejects.toMatchObject({ status: 503 });
    await expect(fetchStaffUser(undefined)).rejects.toThrow('offline');
    expect(await fetchStaffUser(undefined)).toEqual(user);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
