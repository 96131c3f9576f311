import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { rehypeImageCaptions } from './image-captions';

/** The markup of a text, without the preload links React adds for images outside a document. */
const html = (markdown: string) =>
  renderToStaticMarkup(createElement(Markdown, { rehypePlugins: [rehypeImageCaptions] }, markdown)).replace(
    /<link rel="preload"[^>]*>/g,
    '',
  );

describe('image captions in a markdown text', () => {
  it('shows the caption of an image on a line of its own under it, in a figure', () => {
    expect(html('Before.\n\n![A pier](/media/ab/1280.webp "The pier at \\"low\\" tide")\n\nAfter.')).toBe(
      '<p>Before.</p>\n<figure class="image-figure"><img src="/media/ab/1280.webp" alt="A pier"/>' +
        '<figcaption class="image-caption">The pier at &quot;low&quot; tide</figcaption></figure>\n<p>After.</p>',
    );
  });

  it('keeps an image among other text in its paragraph, with its caption in a span under it', () => {
    expect(html('See ![A pier](/p.webp "The pier") here.')).toBe(
      '<p>See <span class="image-captioned"><img src="/p.webp" alt="A pier"/>' +
        '<span class="image-caption">The pier</span></span> here.</p>',
    );
  });

  it('leaves an image without a caption as it was', () => {
    expect(html('![A pier](/p.webp)')).toBe('<p><img src="/p.webp" alt="A pier"/></p>');
  });
});
