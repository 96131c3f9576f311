import { deepFreeze, PublicDataMemo } from './public-data-memo.js';

describe('PublicDataMemo', () => {
  it('hands every reader of one content version the same deeply frozen answer, which no page can change', () => {
    const memo = new PublicDataMemo();
    const body = deepFreeze(
      JSON.parse('{"items":[{"title":"A post","tags":["ai"]}],"total":1}') as {
        items: { title: string; tags: string[] }[];
      },
    );
    memo.set('/api/posts', 3, { status: 200, body, keys: [] });
    const read = memo.get('/api/posts', 3)!.body as typeof body;
    expect(read).toBe(body);
    expect(() => {
      read.items[0].title = 'Changed by one page';
    }).toThrow(TypeError);
    expect(() => read.items[0].tags.push('more')).toThrow(TypeError);
    expect(read.items[0]).toEqual({ title: 'A post', tags: ['ai'] });
    expect(memo.get('/api/posts', 4)).toBeUndefined();
  });

  it('keeps only answers a later page may reuse: 200 and 404', () => {
    const memo = new PublicDataMemo();
    memo.set('/api/posts/x', 1, { status: 500, body: null, keys: [] });
    memo.set('/api/posts/y', 1, { status: 404, body: null, keys: [] });
    expect(memo.get('/api/posts/x', 1)).toBeUndefined();
    expect(memo.get('/api/posts/y', 1)?.status).toBe(404);
  });
});
