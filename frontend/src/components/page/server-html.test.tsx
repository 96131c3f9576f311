import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./server-html');

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
    const { Island } = await load({ server: true });
    const render = vi.fn(() => <p>Copy</p>);
    const page = () => renderToString(<Island id="copy" hydrate={false} render={render} className="contents" />);
    expect(page()).toBe('<div data-island="copy" class="contents"><p>Copy</p></div>');
    expect(page()).toBe(page());
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders different inputs to different HTML, marked by their fingerprint', async () => {
    const { Island, fingerprint } = await load({ server: true });
    const page = (text: string) =>
      renderToString(<Island id="text" inputs={text} hydrate={false} render={() => <p>{text}</p>} />);
    expect(page('one')).toBe(`<div data-island="${fingerprint('one')}"><p>one</p></div>`);
    expect(page('two')).toBe(`<div data-island="${fingerprint('two')}"><p>two</p></div>`);
    expect(fingerprint('one')).not.toBe(fingerprint('two'));
  });

  it('keys by id and inputs together', async () => {
    const { Island } = await load({ server: true });
    const a = renderToString(<Island id="a" inputs="same" hydrate render={() => <p>a</p>} />);
    const b = renderToString(<Island id="b" inputs="same" hydrate render={() => <p>b</p>} />);
    expect([a, b]).toEqual(['<div><p>a</p></div>', '<div><p>b</p></div>']);
  });

  it("keeps React's text separators for hydrated blocks and none in kept ones", async () => {
    const { Island } = await load({ server: true });
    const text = (hydrate: boolean) =>
      renderToString(
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
    const { Island, bounds } = await load({ server: true });
    const render = vi.fn((index: number) => <p>{index}</p>);
    const page = (index: number) =>
      renderToString(<Island id="card" inputs={String(index)} hydrate render={() => render(index)} />);
    for (let index = 0; index < bounds.entries; index += 1) page(index);
    page(0); // used again: now the most recent
    page(bounds.entries); // one more: block 1 falls out
    render.mockClear();
    page(0);
    expect(render).not.toHaveBeenCalled();
    page(1);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('holds at most `bounds.characters` characters', async () => {
    const { Island, bounds } = await load({ server: true });
    const render = vi.fn((text: string) => <p>{text}</p>);
    const big = 'x'.repeat(bounds.characters / 3);
    const page = (id: string) => renderToString(<Island id={id} hydrate={false} render={() => render(big)} />);
    for (const id of ['a', 'b', 'c', 'a']) page(id);
    expect(render).toHaveBeenCalledTimes(4);
  });

  it('renders every time in development', async () => {
    vi.stubEnv('DEV', true);
    const { Island } = await load({ server: true });
    const render = vi.fn(() => <p>Copy</p>);
    for (let index = 0; index < 3; index += 1) renderToString(<Island id="dev" hydrate={false} render={render} />);
    expect(render).toHaveBeenCalledTimes(3);
  });
});

describe('a kept text sent once', () => {
  it('swaps noted texts for stand-ins only where the document holds their block', async () => {
    const { Island, fingerprint, keptTextReplacer, keptTextStandIn } = await load({ server: true });
    const html = renderToString(<Island id="body" inputs="# Title" hydrate={false} render={() => <h1>Title</h1>} />);
    const mark = fingerprint('# Title');
    const kept = new Map([['# Title', mark]]);
    const data = { post: { body: '# Title', excerpt: 'Other' }, elsewhere: 'Not noted' };
    expect(JSON.parse(JSON.stringify(data, keptTextReplacer(kept, Buffer.from(html))))).toEqual({
      post: { body: keptTextStandIn(mark), excerpt: 'Other' },
      elsewhere: 'Not noted',
    });
    // A block that did not reach the document (a render error dropped it) keeps its text in the data.
    expect(JSON.stringify(data, keptTextReplacer(kept, Buffer.from('<p>Error</p>')))).toBe(JSON.stringify(data));
    expect(keptTextReplacer(new Map(), Buffer.from(html))).toBeUndefined();
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
    const { Island, keptTextStandIn } = await load({ server: false });
    const render = vi.fn(() => <p>parsed</p>);
    const html = renderToString(<Island id="body" inputs={keptTextStandIn('abc')} hydrate={false} render={render} />);
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
