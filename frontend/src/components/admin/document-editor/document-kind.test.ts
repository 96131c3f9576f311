import { describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '@northbeam/common';
import { documentLoader, type DocumentKind, type SavedDocument } from './document-kind';

const user = { id: 'u1', name: 'Ada', role: 'super_admin' } as unknown as StaffUser;

/** A loader context whose loopback client answers by path (unknown paths: 404), and records the paths asked for. */
function server(answers: Record<string, { status: number; body: unknown }>) {
  const getJson = vi.fn((path: string) =>
    Promise.resolve(answers[path] ?? { status: 404, body: { statusCode: 404, error: 'Not found' } }),
  );
  return { context: { serverApi: { getJson } }, getJson };
}

const signedIn = { '/api/admin/user': { status: 200, body: user } };
const refusal = (status: number, error: string) => ({ status, body: { statusCode: status, error } });

interface Note extends SavedDocument {
  title: string;
}

const kind = (overrides: Partial<DocumentKind<Note, { title: string }, { count: number }>> = {}) =>
  ({
    api: '/api/admin/notes',
    editPath: (id) => `/admin/notes/${id}`,
    back: { to: '/admin/notes', label: 'All notes' },
    afterSave: 'stay',
    head: () => ({ title: 'Note', description: 'A note.' }),
    refusals: [403],
    loadExtra: () => Promise.resolve({ count: 2 }),
    empty: () => ({ title: '' }),
    toForm: (note) => ({ title: note.title }),
    toPayload: (values) => values,
    same: (a, b) => a.title === b.title,
    newActions: () => ['edit'],
    nameOf: (note) => note.title,
    ...overrides,
  }) satisfies DocumentKind<Note, { title: string }, { count: number }>;

const load = (kindOf: ReturnType<typeof kind>, context: unknown, id?: string) =>
  documentLoader(kindOf)({ context, request: { url: 'http://site.test/admin/notes' }, params: id ? { id } : {} });

describe('documentLoader', () => {
  it('reads the document and the kind’s extra together', async () => {
    const note = { id: 'n1', title: 'First', actions: ['edit'] };
    const { context, getJson } = server({ ...signedIn, '/api/admin/notes/n1': { status: 200, body: note } });
    await expect(load(kind(), context, 'n1')).resolves.toEqual({ user, document: note, extra: { count: 2 } });
    expect(getJson).toHaveBeenCalledWith('/api/admin/notes/n1');
  });

  it('opens a new document without reading one', async () => {
    const { context, getJson } = server(signedIn);
    await expect(load(kind(), context)).resolves.toEqual({ user, document: null, extra: { count: 2 } });
    expect(getJson).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal the kind names as the server’s sentence, in place of the editor', async () => {
    const { context } = server({ ...signedIn, '/api/admin/notes/n1': refusal(403, 'Not yours') });
    await expect(load(kind(), context, 'n1')).resolves.toEqual({ user, document: null, refusal: 'Not yours' });
  });

  it('makes any other failure the page’s status (an unknown document: 404)', async () => {
    const { context } = server(signedIn);
    await expect(load(kind(), context, 'n9')).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('refuses before reading anything when the kind says the caller may not open it', async () => {
    const { context, getJson } = server(signedIn);
    const refused = kind({ refuse: () => 'You do not have permission to do that' });
    await expect(load(refused, context, 'n1')).resolves.toEqual({
      user,
      document: null,
      refusal: 'You do not have permission to do that',
    });
    expect(getJson).toHaveBeenCalledTimes(1);
  });
});
