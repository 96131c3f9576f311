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

export type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

/**
 * An image in the body: `![alt](src)` in the markdown. Inline, like markdown's own images, so that an
 * image on a line of its own is a paragraph holding only it, which is what the public renderer draws.
 */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  static override importJSON(serialized: SerializedImageNode): ImageNode {
    return $createImageNode(serialized.src, serialized.alt);
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

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  override exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: 'image', version: 1, src: this.__src, alt: this.__alt };
  }

  override exportDOM(): DOMExportOutput {
    const image = document.createElement('img');
    image.setAttribute('src', this.__src);
    image.setAttribute('alt', this.__alt);
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

  override getTextContent(): string {
    return '';
  }

  override decorate(): JSX.Element {
    return <img src={this.__src} alt={this.__alt} className="inline-block max-w-full rounded-2xl border border-line" />;
  }
}

export function $createImageNode(src: string, alt: string): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
