import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import { listFilters, listQuery, loadListPage, pageParam, refusedAsNull, refusedAsSentence } from './list-loader';

const at = (address: string) => new URL(address, 'http://site.test');

/** A loader context whose loopback client answers each call in turn, and records the paths asked for. */
function server(...answers: { status: number; body: unknown }[]) {
  const getJson = vi.fn();
  for (const answer of answers) getJson.mockResolvedValueOnce(answer);
  return { context: { serverApi: { getJson } }, getJson };
}

const page = { items: [{ id: 'a' }], total: 16, page: 2, pageSize: 15 };
const refusal = (status: number, error: string) => ({ status, body: { statusCode: status, error } });

describe('pageParam', () => {
  it('reads a positive whole page number, else 1', () => {
    expect(pageParam(at('/admin/enquiries?page=3'))).toBe(3);
    for (const page of ['', '?page=0', '?page=-2', '?page=1.5', '?page=two'])
      expect(pageParam(at(`/admin/enquiries${page}`))).toBe(1);
  });
});

describe('listFilters and listQuery', () => {
  it('keep the named filters that are set, trimmed, in the order of the spec, with the page after 1', () => {
    const url = at('/admin/enquiries?q=%20acme%20&from=&status=new&page=2&utm=x');
    const spec = { names: ['status', 'from', 'q'] };
    expect(listFilters(url, spec)).toEqual([
      ['status', 'new'],
      ['q', 'acme'],
    ]);
    expect(listQuery(url, spec)).toBe('?page=2&status=new&q=acme');
    expect(listQuery(at('/admin/enquiries?page=1'), spec)).toBe('');
  });

  it('drop a value the screen does not offer, as if absent', () => {
    const spec = { names: ['section', 'status'], accepts: { section: (value: string) => value === 'labs' } };
    expect(listQuery(at('/admin/posts?section=other&status=draft'), spec)).toBe('?status=draft');
    expect(listQuery(at('/admin/posts?section=labs'), spec)).toBe('?section=labs');
  });
});

describe('loadListPage', () => {
  const request = { url: 'http://site.test/admin/enquiries?status=new&page=2' };
  const options = { path: '/api/admin/enquiries', filters: { names: ['status'] } };

  it('asks the API for the page and filters of the address', async () => {
    const { context, getJson } = server({ status: 200, body: page });
    await expect(loadListPage(context, request, options)).resolves.toEqual({ list: page });
    expect(getJson).toHaveBeenCalledWith('/api/admin/enquiries?page=2&status=new');
  });

  it("gives the server's sentence and an empty page of the screen's size for refused filters (400)", async () => {
    const { context } = server(refusal(400, 'From is not a date.'));
    await expect(loadListPage(context, request, { ...options, pageSize: 12 })).resolves.toEqual({
      list: { items: [], total: 0, page: 1, pageSize: 12 },
      problem: 'From is not a date.',
    });
  });

  it('answers a refused role (403) with an empty page where named, with no page for a screen refused whole', async () => {
    const asEmpty = server(refusal(403, 'Not for your role.'));
    await expect(loadListPage(asEmpty.context, request, { ...options, refusals: [400, 403] })).resolves.toEqual({
      list: { items: [], total: 0, page: 1, pageSize: 15 },
      problem: 'Not for your role.',
    });
    const whole = server(refusal(403, 'Not for your role.'));
    await expect(loadListPage(whole.context, request, { ...options, screenRefusal: true })).resolves.toEqual({
      list: null,
      problem: 'Not for your role.',
    });
  });

  it('throws any other failure, and a refusal the screen does not name', async () => {
    const failing = server(refusal(500, 'Broken'), refusal(403, 'Not for your role.'), refusal(400, 'Bad'));
    await expect(loadListPage(failing.context, request, options)).rejects.toBeInstanceOf(ApiRequestError);
    await expect(loadListPage(failing.context, request, options)).rejects.toMatchObject({ status: 403 });
    await expect(loadListPage(failing.context, request, { ...options, refusals: [] })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('sends a signed-out visitor (401) to the sign-in page, back to this address', async () => {
    const { context } = server(refusal(401, 'Not signed in'));
    const thrown = await loadListPage(context, request, options).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/admin/login?redirect=%2Fadmin%2Fenquiries%3Fstatus%3Dnew%26page%3D2',
    );
  });
});

describe('refusedAsNull', () => {
  it('turns the named refusals of a side call into null and keeps other failures', async () => {
    await expect(refusedAsNull(Promise.reject(new ApiRequestError(403, '', '')), [403])).resolves.toBeNull();
    await expect(refusedAsNull(Promise.reject(new ApiRequestError(500, '', '')))).rejects.toMatchObject({
      status: 500,
    });
    await expect(refusedAsNull(Promise.resolve(3))).resolves.toBe(3);
  });
});

describe('refusedAsSentence', () => {
  it("gives what was read, or the server's sentence for a named refusal, and keeps other failures", async () => {
    const refused = new ApiRequestError(404, JSON.stringify({ error: 'Enquiry not found' }), 'Not Found');
    await expect(refusedAsSentence(Promise.resolve({ id: 'e1' }), [403, 404])).resolves.toEqual({
      value: { id: 'e1' },
    });
    await expect(refusedAsSentence(Promise.reject(refused), [403, 404])).resolves.toEqual({
      value: null,
      refusal: 'Enquiry not found',
    });
    await expect(refusedAsSentence(Promise.reject(refused), [403])).rejects.toBe(refused);
  });
});
