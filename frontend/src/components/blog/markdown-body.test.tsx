import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.stubEnv('DEV', false);
  vi.stubEnv('SSR', true);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('MarkdownText on the server', () => {
  it('notes its text with the mark of the island it put into the page', async () => {
    vi.resetModules();
    const islands = await import('@/components/page/server-html');
    islands.setServerRenderer((node) => renderToStaticMarkup(node));
    const { MarkdownBody } = await import('./markdown-body');
    const kept = new Map<string, string>();
    const markdown = '## Day one\n\nText of the first day, long enough to be worth a stand-in.';
    const html = renderToString(
      <islands.KeptData value={kept}>
        <MarkdownBody markdown={markdown} />
      </islands.KeptData>,
    );
    const mark = islands.fingerprint(markdown);
    expect(kept).toEqual(new Map([[JSON.stringify(markdown), mark]]));
    expect(html).toContain(`data-island="${mark}"`);
    expect(html).toContain('<h2>Day one</h2>');
  });

  it('lets a code block take focus, named, so that keyboard users can scroll it sideways', async () => {
    vi.resetModules();
    const islands = await import('@/components/page/server-html');
    islands.setServerRenderer((node) => renderToStaticMarkup(node));
    const { MarkdownBody } = await import('./markdown-body');
    const html = renderToString(<MarkdownBody markdown={'Run:\n\n```sh\nnpm run build\n```'} />);
    expect(html).toContain('<pre tabindex="0" role="group" aria-label="Code"><code class="language-sh">npm run build');
  });
});
