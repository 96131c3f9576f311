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

/**
 * `![alt](src)`, or `![alt](src "caption")` with a caption (markdown's image title, drawn under the
 * image on the public page): escapes what would end the alt text, the address or the caption early.
 */
export function imageMarkdown(src: string, alt: string, caption = ''): string {
  const safeAlt = alt.replace(/[[\]\\]/g, (character) => `\\${character}`);
  const safeSrc = src.replace(/[()\s]/g, (character) => encodeURIComponent(character));
  const safeCaption = caption.replace(/["\\]/g, (character) => `\\${character}`);
  return caption ? `![${safeAlt}](${safeSrc} "${safeCaption}")` : `![${safeAlt}](${safeSrc})`;
}

/** The alt text, the address and the optional quoted caption of `![alt](src "caption")`. */
const imagePattern = String.raw`!\[((?:[^\]\\]|\\.)*)\]\(([^()\s]+)(?:\s+"((?:[^"\\]|\\.)*)")?\)`;

/** What a backslash escapes in markdown (ASCII punctuation): the escape is dropped, the character kept. */
const unescape = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

export const IMAGE: TextMatchTransformer = {
  dependencies: [ImageNode],
  export: (node) => ($isImageNode(node) ? imageMarkdown(node.getSrc(), node.getAlt(), node.getCaption()) : null),
  importRegExp: new RegExp(imagePattern),
  regExp: new RegExp(`${imagePattern}$`),
  replace: (textNode, match) => {
    textNode.replace($createImageNode(match[2] ?? '', unescape(match[1] ?? ''), unescape(match[3] ?? '')));
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
