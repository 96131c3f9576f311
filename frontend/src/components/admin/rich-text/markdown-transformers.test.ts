import { $convertFromMarkdownString, $convertToMarkdownString } from '@lexical/markdown';
import { $dfs } from '@lexical/utils';
import { createEditor } from 'lexical';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { BODY_NODES } from './body-nodes';
import { $isImageNode } from './image-node';
import { BODY_TRANSFORMERS, imageMarkdown } from './markdown-transformers';

function roundTrip(markdown: string): string {
  const editor = createEditor({
    nodes: BODY_NODES,
    onError: (error) => {
      throw error;
    },
  });
  editor.update(() => $convertFromMarkdownString(markdown, BODY_TRANSFORMERS), { discrete: true });
  return editor.getEditorState().read(() => $convertToMarkdownString(BODY_TRANSFORMERS));
}

/** The images the editor holds after reading a markdown text: what the writer sees. */
function imagesOf(markdown: string): { alt: string; caption: string }[] {
  const editor = createEditor({
    nodes: BODY_NODES,
    onError: (error) => {
      throw error;
    },
  });
  editor.update(() => $convertFromMarkdownString(markdown, BODY_TRANSFORMERS), { discrete: true });
  return editor.getEditorState().read(() =>
    $dfs()
      .map(({ node }) => node)
      .filter($isImageNode)
      .map((node) => ({ alt: node.getAlt(), caption: node.getCaption() })),
  );
}

const html = (markdown: string) => renderToStaticMarkup(createElement(Markdown, null, markdown));

describe('the body editor markdown', () => {
  const body = [
    '## Why now',
    'A paragraph with **bold**, *italic*, `code` and a [link](https://example.com/a).',
    '> A quote worth keeping.',
    '- one\n- two',
    '1. first\n2. second',
    '```\nconst a = 1;\n```',
    '---',
    '![A lighthouse at dusk](/media/3f2a/1280.webp)',
  ].join('\n\n');

  it('reads and writes every block the public renderer draws without changing what it draws', () => {
    const saved = roundTrip(body);
    expect(html(saved)).toBe(html(body));
    expect(saved).toContain('![A lighthouse at dusk](/media/3f2a/1280.webp)');
    expect(saved).toContain('\n---\n');
  });

  it('keeps an image alt text with brackets in it', () => {
    const markdown = '![The \\[old\\] pier](/media/ab/1280.webp)';
    expect(html(roundTrip(markdown))).toBe(html(markdown));
  });

  it('keeps an image caption as the image title', () => {
    const markdown = 'Before.\n\n![A pier](/media/ab/1280.webp "The pier at low tide, 1923")\n\nAfter.';
    expect(imagesOf(markdown)).toEqual([{ alt: 'A pier', caption: 'The pier at low tide, 1923' }]);
    expect(roundTrip(markdown)).toBe(markdown);
    expect(html(roundTrip(markdown))).toContain('title="The pier at low tide, 1923"');
  });

  it('escapes quotes and backslashes in a caption and reads them back as they were', () => {
    const caption = 'The "Old" pier \\ seen from *the* beach (north)';
    const markdown = `![A pier](/media/ab/1280.webp "${caption.replace(/["\\]/g, '\\$&')}")`;
    expect(imagesOf(markdown)).toEqual([{ alt: 'A pier', caption }]);
    const saved = roundTrip(markdown);
    expect(saved).toBe('![A pier](/media/ab/1280.webp "The \\"Old\\" pier \\\\ seen from *the* beach (north)")');
    expect(html(saved)).toContain(`title="${caption.replace(/"/g, '&quot;')}"`);
    expect(roundTrip(saved)).toBe(saved);
  });

  it('writes an image without a caption with no title at all', () => {
    expect(imagesOf('![A pier](/media/ab/1280.webp)')).toEqual([{ alt: 'A pier', caption: '' }]);
    expect(roundTrip('![A pier](/media/ab/1280.webp)')).toBe('![A pier](/media/ab/1280.webp)');
    expect(imageMarkdown('/media/ab/1280.webp', 'A pier')).toBe('![A pier](/media/ab/1280.webp)');
    expect(imageMarkdown('/media/ab/1280.webp', 'A pier', 'Say "hi"')).toBe(
      '![A pier](/media/ab/1280.webp "Say \\"hi\\"")',
    );
  });
});
