import {
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  CODE,
  HEADING,
  INLINE_CODE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  LINK,
  ORDERED_LIST,
  QUOTE,
  UNORDERED_LIST,
  type ElementTransformer,
  type TextMatchTransformer,
  type Transformer,
} from '@lexical/markdown';
import {
  $createHorizontalRuleNode,
  $isHorizontalRuleNode,
  HorizontalRuleNode,
} from '@lexical/react/LexicalHorizontalRuleNode';
import type { LexicalNode } from 'lexical';
import { $createImageNode, $isImageNode, ImageNode } from './image-node';

/** `![alt](src)`: escapes what would end the alt text or the address early. */
export function imageMarkdown(src: string, alt: string): string {
  const safeAlt = alt.replace(/[[\]\\]/g, (character) => `\\${character}`);
  const safeSrc = src.replace(/[()\s]/g, (character) => encodeURIComponent(character));
  return `![${safeAlt}](${safeSrc})`;
}

export const IMAGE: TextMatchTransformer = {
  dependencies: [ImageNode],
  export: (node) => ($isImageNode(node) ? imageMarkdown(node.getSrc(), node.getAlt()) : null),
  importRegExp: /!\[((?:[^\]\\]|\\.)*)\]\(([^()\s]+)\)/,
  regExp: /!\[((?:[^\]\\]|\\.)*)\]\(([^()\s]+)\)$/,
  replace: (textNode, match) => {
    const alt = (match[1] ?? '').replace(/\\(.)/g, '$1');
    textNode.replace($createImageNode(match[2] ?? '', alt));
  },
  trigger: ')',
  type: 'text-match',
};

export const HORIZONTAL_RULE: ElementTransformer = {
  dependencies: [HorizontalRuleNode],
  export: (node: LexicalNode) => ($isHorizontalRuleNode(node) ? '---' : null),
  regExp: /^(---|\*\*\*|___)\s?$/,
  replace: (parentNode, _children, _match, isImport) => {
    const line = $createHorizontalRuleNode();
    if (isImport || parentNode.getNextSibling() !== null) parentNode.replace(line);
    else parentNode.insertBefore(line);
    line.selectNext();
  },
  type: 'element',
};

/**
 * What the body editor reads and writes: exactly the markdown the public renderer (react-markdown,
 * CommonMark without extensions) draws. No strikethrough, highlight, check lists or tables: the public
 * page would show their markup as text. The image transformer comes before the link one, whose pattern
 * also matches the `[alt](src)` inside an image.
 */
export const BODY_TRANSFORMERS: Transformer[] = [
  HORIZONTAL_RULE,
  HEADING,
  QUOTE,
  UNORDERED_LIST,
  ORDERED_LIST,
  CODE,
  INLINE_CODE,
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  IMAGE,
  LINK,
];
