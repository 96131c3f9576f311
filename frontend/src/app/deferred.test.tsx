import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { data, StaticRouter, useAsyncError } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { deferInBrowser, deferredValue, DeferredView, type Deferred } from './deferred';

const serverContext = { serverApi: {} };
const browserContext = {};

describe('deferInBrowser', () => {
  it('awaits the data on the server, so the page and its status are known before any HTML is sent', async () => {
    const loaded = await deferInBrowser(serverContext, () => Promise.resolve('case study'));
    expect(loaded).toEqual({ value: 'case study' });
    expect(deferredValue(loaded)).toBe('case study');
  });

  it('answers at once in the browser with the data still on its way', async () => {
    let arrive!: (value: string) => void;
    const loaded = await deferInBrowser(
      browserContext,
      () =>
        new Promise<string>((resolve) => {
          arrive = resolve;
        }),
    );
    expect(deferredValue(loaded)).toBeUndefined();
    arrive('article');
    expect(await (loaded as { pending: Promise<string> }).pending).toBe('article');
  });

  it('turns a failure on the server into what the loader throws, and leaves a browser failure to the page', async () => {
    const missing = () => Promise.reject(new Error('not found'));
    await expect(deferInBrowser(serverContext, missing, () => data(null, { status: 404 }))).rejects.toMatchObject({
      init: { status: 404 },
    });
    const inBrowser = await deferInBrowser(browserContext, missing, () => data(null, { status: 404 }));
    await expect((inBrowser as { pending: Promise<string> }).pending).rejects.toThrow('not found');
  });
});

describe('DeferredView', () => {
  it('renders data at hand directly, with no fallback in the server HTML', () => {
    const html = renderToString(
      <DeferredView data={{ value: 'Relative Probability' }} fallback={<p>Loading…</p>} errorElement={<p>Failed</p>}>
        {(title) => <h1>{title}</h1>}
      </DeferredView>,
    );
    expect(html).toBe('<h1>Relative Probability</h1>');
  });

  function Failure() {
    return <p>Failed: {(useAsyncError() as Error).message}</p>;
  }

  /** The page's HTML once every pending part has settled (what the browser shows after the wait). */
  async function settled(deferred: Deferred<string>): Promise<string> {
    const { prelude } = await prerenderToNodeStream(
      <StaticRouter location="/">
        <DeferredView data={deferred} fallback={<p>Loading…</p>} errorElement={<Failure />}>
          {(title) => <h1>{title}</h1>}
        </DeferredView>
      </StaticRouter>,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    return html;
  }

  it('shows the fallback while pending data is on its way, then the page', async () => {
    let arrive!: (value: string) => void;
    const pending = new Promise<string>((resolve) => (arrive = resolve));
    const streaming = renderToString(
      <StaticRouter location="/">
        <DeferredView data={{ pending }} fallback={<p>Loading…</p>} errorElement={<Failure />}>
          {(title) => <h1>{title}</h1>}
        </DeferredView>
      </StaticRouter>,
    );
    expect(streaming).toContain('Loading…');
    arrive('PanaQuest');
    expect(await settled({ pending })).toContain('<h1>PanaQuest</h1>');
  });

  it('shows the error element when pending data fails', async () => {
    expect(await settled({ pending: Promise.reject(new Error('offline')) })).toContain('Failed: <!-- -->offline');
  });
});
