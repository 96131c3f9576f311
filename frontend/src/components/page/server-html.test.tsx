import { useContext, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { spliceBlocks } from '@/app/splice-blocks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./server-html');

/**
 * A page render as the server entry makes it: reused blocks go to the render's splices and their
 * bytes are spliced in after it.
 */
function serverRender(module: Module, node: ReactNode): string {
  const splices = new module.BlockSplices();
  const html = renderToString(<module.ReusedBlocks value={splices}>{node}</module.ReusedBlocks>);
  return spliceBlocks(Buffer.from(html, 'utf8'), splices).toString('utf8');
}

/** A fresh copy of the module (its state is per process): `server` installs the renderer. */
async function load({ server }: { server: boolean }): Promise<Module> {
  vi.resetModules();
  const module = await import('./server-html');
  if (server)
    module.setServerRenderer((node, hydratable) => (hydratable ? renderToString : renderToStaticMarkup)(node));
  return module;
}

beforeEach(() => {
  vi.stubEnv('DEV', false);
  vi.stubEnv('SSR', true);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('Island on the server', () => {
  it('renders a key once and reuses its HTML', async () => {
    const module = await load({ server: true });
    const { Island } = module;
    const render = vi.fn(() => <p>Copy</p>);
    const page = () => serverRender(module, <Island id="copy" hydrate={false} render={render} className="contents" />);
    expect(page()).toBe('<div data-island="copy" class="contents"><p>Copy</p></div>');
    expect(page()).toBe(page());
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders different inputs to different HTML, marked by their fingerprint', async () => {
    const module = await load({ server: true });
    const { Island, fingerprint } = module;
    const page = (text: string) =>
      serverRender(module, <Island id="text" inputs={text} hydrate={false} render={() => <p>{text}</p>} />);
    expect(page('one')).toBe(`<div data-island="${fingerprint('one')}"><p>one</p></div>`);
    expect(page('two')).toBe(`<div data-island="${fingerprint('two')}"><p>two</p></div>`);
    expect(fingerprint('one')).not.toBe(fingerprint('two'));
  });

  it('keys by id and inputs together', async () => {
    const module = await load({ server: true });
    const { Island } = module;
    const a = serverRender(module, <Island id="a" inputs="same" hydrate render={() => <p>a</p>} />);
    const b = serverRender(module, <Island id="b" inputs="same" hydrate render={() => <p>b</p>} />);
    expect([a, b]).toEqual(['<div><p>a</p></div>', '<div><p>b</p></div>']);
  });

  it("keeps React's text separators for hydrated blocks and none in kept ones", async () => {
    const module = await load({ server: true });
    const { Island } = module;
    const text = (hydrate: boolean) =>
      serverRender(
        module,
        <Island
          id={`count-${hydrate}`}
          hydrate={hydrate}
          render={() => (
            <p>
              {1}
              {' item'}
            </p>
          )}
        />,
      );
    expect(text(true)).toBe('<div><p>1<!-- --> item</p></div>');
    expect(text(false)).toBe('<div data-island="count-false"><p>1 item</p></div>');
  });

  it('holds at most `bounds.entries` blocks, the least recently used falling out', async () => {
    const module = await load({ server: true });
    const { Island, bounds } = module;
    const render = vi.fn((index: number) => <p>{index}</p>);
    const page = (index: number) =>
      serverRender(module, <Island id="card" inputs={String(index)} hydrate render={() => render(index)} />);
    for (let index = 0; index < bounds.entries; index += 1) page(index);
    page(0); // used again: now the most recent
    page(bounds.entries); // one more: block 1 falls out
    render.mockClear();
    page(0);
    expect(render).not.toHaveBeenCalled();
    page(1);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('holds at most `bounds.bytes` bytes', async () => {
    const module = await load({ server: true });
    const { Island, bounds } = module;
    const render = vi.fn((text: string) => <p>{text}</p>);
    const big = 'x'.repeat(bounds.bytes / 3);
    const page = (id: string) => serverRender(module, <Island id={id} hydrate={false} render={() => render(big)} />);
    for (const id of ['a', 'b', 'c', 'a']) page(id);
    expect(render).toHaveBeenCalledTimes(4);
  });

  it('renders in place for a staff render (no splices): the cache is neither read nor filled', async () => {
    const module = await load({ server: true });
    const { Island } = module;
    const render = vi.fn(() => <p>Draft</p>);
    const block = <Island id="draft" inputs="draft text" hydrate={false} render={render} />;
    const staff = () => renderToString(block);
    expect(staff()).toBe(`<div data-island="${module.fingerprint('draft text')}"><p>Draft</p></div>`);
    staff();
    expect(render).toHaveBeenCalledTimes(2);
    // Nothing was kept for another render: the first reusing render renders it, the next reuses it.
    serverRender(module, block);
    serverRender(module, block);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('splices blocks in document order, whatever order the render asked for them, and skips a marker the page lost', async () => {
    const module = await load({ server: true });
    const splices = new module.BlockSplices();
    const late = splices.add(Buffer.from('<p>“second”</p>'));
    const early = splices.add(Buffer.from('<p>first</p>'));
    splices.add(Buffer.from('<p>dropped</p>'));
    const page = Buffer.from(`<main><div>${early}</div><div>${late}</div></main>`);
    expect(spliceBlocks(page, splices).toString()).toBe(
      '<main><div><p>first</p></div><div><p>“second”</p></div></main>',
    );
    expect(spliceBlocks(Buffer.from('<p>none</p>'), new module.BlockSplices()).toString()).toBe('<p>none</p>');
  });

  it('renders every time in development', async () => {
    vi.stubEnv('DEV', true);
    const module = await load({ server: true });
    const { Island } = module;
    const render = vi.fn(() => <p>Copy</p>);
    for (let index = 0; index < 3; index += 1)
      serverRender(module, <Island id="dev" hydrate={false} render={render} />);
    expect(render).toHaveBeenCalledTimes(3);
  });
});

describe('a kept value sent once', () => {
  const body = '# Title\n\nA body long enough to be worth a stand-in.';

  it('swaps noted texts for stand-ins only where the document holds their block', async () => {
    const module = await load({ server: true });
    const { Island, KeptData, fingerprint, noteKept, withKeptStandIns, keptStandIn } = module;
    const kept = new Map<string, string>();
    function Body() {
      noteKept(useContext(KeptData), body, body);
      return <Island id="body" inputs={body} hydrate={false} render={() => <h1>Title</h1>} />;
    }
    const html = serverRender(
      module,
      <KeptData value={kept}>
        <Body />
      </KeptData>,
    );
    const mark = fingerprint(body);
    expect(kept).toEqual(new Map([[JSON.stringify(body), mark]]));
    const data = {
      post: { body, excerpt: 'Other' },
      elsewhere: 'Not noted',
      quoting: `He wrote "${body}" once`,
      list: [body],
      [body]: 'a key is never swapped',
    };
    expect(JSON.parse(withKeptStandIns(JSON.stringify(data), kept, Buffer.from(html)))).toEqual({
      post: { body: keptStandIn(mark), excerpt: 'Other' },
      elsewhere: 'Not noted',
      quoting: `He wrote "${body}" once`,
      list: [keptStandIn(mark)],
      [body]: 'a key is never swapped',
    });
    // A block that did not reach the document (a render error dropped it) keeps its text in the data.
    expect(withKeptStandIns(JSON.stringify(data), kept, Buffer.from('<p>Error</p>'))).toBe(JSON.stringify(data));
    expect(withKeptStandIns('{"a":"b"}', new Map(), Buffer.from(html))).toBe('{"a":"b"}');
  });

  it('swaps a noted object or list where it is a value, never inside a string, and skips short values', async () => {
    const module = await load({ server: true });
    const { noteKept, withKeptStandIns, keptStandIn, fingerprint } = module;
    const cards = Object.freeze([Object.freeze({ slug: 'first-post', title: 'The "first" post' })]);
    const kept = new Map<string, string>();
    noteKept(kept, cards, 'cards-inputs');
    noteKept(kept, [], 'cards-inputs');
    noteKept(kept, null, 'cards-inputs');
    const mark = fingerprint('cards-inputs');
    expect([...kept.values()]).toEqual([mark]);
    const data = {
      more: cards,
      tags: [],
      author: null,
      copy: JSON.stringify(cards),
      nested: { list: [1, cards, { again: cards }] },
    };
    const html = Buffer.from(`<div data-island="${mark}"></div>`);
    expect(JSON.parse(withKeptStandIns(JSON.stringify(data), kept, html))).toEqual({
      more: keptStandIn(mark),
      tags: [],
      author: null,
      copy: JSON.stringify(cards),
      nested: { list: [1, keptStandIn(mark), { again: keptStandIn(mark) }] },
    });
  });

  it('never swaps a value that the page reads in the browser, whichever is noted first', async () => {
    const module = await load({ server: true });
    const { noteKept, readInBrowser, withKeptStandIns, fingerprint } = module;
    const studios = Object.freeze([Object.freeze({ id: 'fooh_studios', name: 'Fooh Studios' })]);
    const data = JSON.stringify({ root: { studios }, page: { studios } });
    const html = Buffer.from(`<div data-island="${fingerprint('footer-inputs')}"></div>`);
    for (const order of [
      ['note', 'read'],
      ['read', 'note'],
    ]) {
      const kept = new Map<string, string | null>();
      for (const step of order)
        if (step === 'note') noteKept(kept, studios, 'footer-inputs');
        else readInBrowser(kept, studios);
      expect(withKeptStandIns(data, kept, html)).toBe(data);
    }
  });

  it('notes nothing in the browser', async () => {
    vi.stubEnv('SSR', false);
    const { noteKept } = await load({ server: false });
    const kept = new Map<string, string>();
    noteKept(kept, body, body);
    expect(kept.size).toBe(0);
  });
});

describe('Island in the browser', () => {
  function documentWith(blocks: Record<string, string>) {
    const querySelector = vi.fn((selector: string) => {
      const mark = /^\[data-island="(.*)"\]$/.exec(selector)?.[1];
      return mark !== undefined && mark in blocks ? { innerHTML: blocks[mark] } : null;
    });
    vi.stubGlobal('document', { querySelector });
    vi.stubGlobal('CSS', { escape: (value: string) => value });
    vi.stubEnv('SSR', false);
    return querySelector;
  }

  it("keeps the document's HTML of a kept block instead of rendering it, and reads it once", async () => {
    const querySelector = documentWith({ 'home-hero': '<h1>From the server</h1>' });
    const { Island } = await load({ server: false });
    const render = vi.fn(() => <h1>Rendered</h1>);
    const block = () => renderToString(<Island id="home-hero" hydrate={false} render={render} className="contents" />);
    expect(block()).toBe('<div data-island="home-hero" class="contents"><h1>From the server</h1></div>');
    expect(block()).toBe('<div data-island="home-hero" class="contents"><h1>From the server</h1></div>');
    expect(render).not.toHaveBeenCalled();
    expect(querySelector).toHaveBeenCalledTimes(1);
  });

  it('finds a block with inputs by their fingerprint', async () => {
    const { fingerprint } = await load({ server: false });
    documentWith({ [fingerprint('# Title')]: '<h1>Title</h1>' });
    const { Island } = await load({ server: false });
    const html = renderToString(<Island id="body" inputs="# Title" hydrate={false} render={() => <p>parsed</p>} />);
    expect(html).toBe(`<div data-island="${fingerprint('# Title')}"><h1>Title</h1></div>`);
  });

  it("finds a block given a stand-in for its text by the stand-in's mark", async () => {
    documentWith({ abc: '<h1>Title</h1>' });
    const { Island, keptStandIn } = await load({ server: false });
    const render = vi.fn(() => <p>parsed</p>);
    const html = renderToString(<Island id="body" inputs={keptStandIn('abc')} hydrate={false} render={render} />);
    expect(html).toBe('<div data-island="abc"><h1>Title</h1></div>');
    expect(render).not.toHaveBeenCalled();
  });

  it('renders in place what the document does not have, and hydrated blocks always', async () => {
    const querySelector = documentWith({ copy: '<p>From the server</p>' });
    const { Island } = await load({ server: false });
    expect(renderToString(<Island id="elsewhere" hydrate={false} render={() => <p>Here</p>} />)).toBe(
      '<div data-island="elsewhere"><p>Here</p></div>',
    );
    expect(renderToString(<Island id="copy" inputs="{}" hydrate render={() => <p>Here</p>} />)).toBe(
      '<div><p>Here</p></div>',
    );
    expect(querySelector).toHaveBeenCalledTimes(1);
  });
});
