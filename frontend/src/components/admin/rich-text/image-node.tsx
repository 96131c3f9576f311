import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';

export type SerializedImageNode = Spread<{ src: string; alt: string; caption?: string }, SerializedLexicalNode>;

/**
 * An image in the body: `![alt](src)` in the markdown, `![alt](src "caption")` with a caption (the
 * image's title, which the public renderer shows under the image). Inline, like markdown's own images,
 * so that an image on a line of its own is a paragraph holding only it, which is what the public
 * renderer draws.
 */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;
  /** Shown under the image; empty for none. */
  __caption: string;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__caption, node.__key);
  }

  static override importJSON(serialized: SerializedImageNode): ImageNode {
    return $createImageNode(serialized.src, serialized.alt, serialized.caption ?? '');
  }

  static override importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (element: HTMLElement): DOMConversionOutput | null => {
          const image = element as HTMLImageElement;
          const src = image.getAttribute('src') ?? '';
          // Pasted images that are not addresses (data: and blob:) go to the media library instead.
          if (!/^(https?:\/\/|\/)/.test(src)) return { node: null };
          return { node: $createImageNode(src, image.getAttribute('alt') ?? '') };
        },
        priority: 0,
      }),
    };
  }

  constructor(src: string, alt: string, caption = '', key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
    this.__caption = caption;
  }

  override exportJSON(): SerializedImageNode {
    return {
      ...super.exportJSON(),
      type: 'image',
      version: 1,
      src: this.__src,
      alt: this.__alt,
      caption: this.__caption,
    };
  }

  override exportDOM(): DOMExportOutput {
    const image = document.createElement('img');
    image.setAttribute('src', this.__src);
    image.setAttribute('alt', this.__alt);
    if (this.__caption) image.setAttribute('title', this.__caption);
    return { element: image };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'editor-image';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  getAlt(): string {
    return this.getLatest().__alt;
  }

  setAlt(alt: string): void {
    this.getWritable().__alt = alt;
  }

  getCaption(): string {
    return this.getLatest().__caption;
  }

  setCaption(caption: string): void {
    this.getWritable().__caption = caption;
  }

  override getTextContent(): string {
    return '';
  }

  /** The image, and its caption under it in the public page's caption style (`image-caption`, app.css). */
  override decorate(): JSX.Element {
    const image = (
      <img src={this.__src} alt={this.__alt} className="inline-block max-w-full rounded-2xl border border-line" />
    );
    if (!this.__caption) return image;
    return (
      <span className="inline-block w-full align-bottom" data-testid="editor-image-with-caption">
        {image}
        <span className="image-caption block">{this.__caption}</span>
      </span>
    );
  }
}

export function $createImageNode(src: string, alt: string, caption = ''): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt, caption));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
