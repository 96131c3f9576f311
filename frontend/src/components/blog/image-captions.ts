/**
 * The parts of a hast tree (react-markdown's HTML tree) the caption step reads: elements with their
 * properties and children, text with its value.
 */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  value?: string;
}

const element = (tagName: string, className: string, children: HastNode[]): HastNode => ({
  type: 'element',
  tagName,
  properties: { className: [className] },
  children,
});

/** The caption of an image element (its markdown title, `![alt](src "caption")`), or nothing. */
function captionOf(node: HastNode): string | undefined {
  if (node.type !== 'element' || node.tagName !== 'img') return undefined;
  const title = node.properties?.title;
  return typeof title === 'string' && title.trim() !== '' ? title : undefined;
}

/** The image without its title: the caption is shown as text, not repeated as a tooltip. */
function withoutTitle(image: HastNode): HastNode {
  const { title: _title, ...properties } = image.properties ?? {};
  return { ...image, properties };
}

const isBlank = (node: HastNode) => node.type === 'text' && (node.value ?? '').trim() === '';

/**
 * A rehype step for react-markdown: an image with a caption (`![alt](src "caption")`) shows its caption
 * under it. A paragraph holding only such an image (how the body editor writes an image) becomes
 * `<figure><img><figcaption>`; an image among other text keeps its place in the paragraph, in a block
 * `<span>` with a `<span>` caption (a paragraph may not hold a figure). The caption's look is
 * `image-caption` (app.css), which the body editor uses too.
 */
export function rehypeImageCaptions() {
  return (tree: HastNode) => {
    rewrite(tree);
  };
}

function rewrite(parent: HastNode): void {
  if (!parent.children) return;
  parent.children = parent.children.map((child) => {
    if (child.type !== 'element') return child;
    if (child.tagName === 'p') {
      const content = (child.children ?? []).filter((node) => !isBlank(node));
      const only = content.length === 1 ? content[0] : undefined;
      const caption = only ? captionOf(only) : undefined;
      if (only && caption !== undefined) {
        return element('figure', 'image-figure', [
          withoutTitle(only),
          element('figcaption', 'image-caption', [{ type: 'text', value: caption }]),
        ]);
      }
    }
    const caption = captionOf(child);
    if (caption !== undefined) {
      return element('span', 'image-captioned', [
        withoutTitle(child),
        element('span', 'image-caption', [{ type: 'text', value: caption }]),
      ]);
    }
    rewrite(child);
    return child;
  });
}
