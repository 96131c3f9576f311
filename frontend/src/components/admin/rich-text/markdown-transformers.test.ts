import { $convertFromMarkdownString, $convertToMarkdownString } from '@lexical/markdown';
import { createEditor } from 'lexical';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { BODY_NODES } from './body-nodes';
import { BODY_TRANSFORMERS } from './markdown-transformers';

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
});
