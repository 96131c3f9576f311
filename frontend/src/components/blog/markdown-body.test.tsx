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
    const { KeptTexts, MarkdownBody } = await import('./markdown-body');
    const kept = new Map<string, string>();
    const html = renderToString(
      <KeptTexts value={kept}>
        <MarkdownBody markdown={'## Day one\n\nText.'} />
      </KeptTexts>,
    );
    const mark = islands.fingerprint('## Day one\n\nText.');
    expect(kept).toEqual(new Map([['## Day one\n\nText.', mark]]));
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
