import { $createCodeNode } from '@lexical/code';
import { $isLinkNode, $toggleLink, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode } from '@lexical/list';
import { $convertFromMarkdownString, $convertToMarkdownString } from '@lexical/markdown';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { $createHorizontalRuleNode, INSERT_HORIZONTAL_RULE_COMMAND } from '@lexical/react/LexicalHorizontalRuleNode';
import { HorizontalRulePlugin } from '@lexical/react/LexicalHorizontalRulePlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { MarkdownShortcutPlugin } from '@lexical/react/LexicalMarkdownShortcutPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isParagraphNode,
  $isRangeSelection,
  $setSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  DROP_COMMAND,
  FORMAT_TEXT_COMMAND,
  KEY_MODIFIER_COMMAND,
  PASTE_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  TextNode,
  UNDO_COMMAND,
  type BaseSelection,
  type EditorThemeClasses,
  type LexicalEditor,
} from 'lexical';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { mediaVariantUrl, type MediaImage } from '@northbeam/common';
import { MediaPicker } from '@/components/admin/media/media-picker';
import { ImagePlus } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { BODY_NODES } from './body-nodes';
import { $createImageNode } from './image-node';
import { BODY_TRANSFORMERS } from './markdown-transformers';
import { ImageDialog } from './image-dialog';
import { PastedImageDialog } from './pasted-image-dialog';

/**
 * Lexical's classes: the editing area carries the public article's own `prose-article` styles, so
 * that headings, quotes, lists and code look as the reader will see them (app.css).
 */
const theme: EditorThemeClasses = {
  paragraph: '',
  quote: '',
  heading: { h1: '', h2: '', h3: '', h4: '' },
  list: { ul: '', ol: '', listitem: '', nested: { listitem: 'list-none' } },
  link: '',
  code: 'block whitespace-pre overflow-x-auto !rounded-2xl !bg-ink !p-5 !text-sm leading-relaxed !text-white',
  text: { bold: 'font-semibold text-ink', italic: 'italic', code: '' },
};

export interface RichTextEditorProps {
  /** The id of the editing area (a label's `htmlFor` cannot name it: `labelledBy` does). */
  id: string;
  labelledBy: string;
  describedBy?: string;
  markdown: string;
  onChange: (markdown: string) => void;
  readOnly?: boolean;
  /** Where an image may go: posts and case studies take images, a newsletter issue's text does too. */
  images?: boolean;
  /** The editing area's least height (a Tailwind class). */
  minHeight?: string;
}

const exportMarkdown = () => $convertToMarkdownString(BODY_TRANSFORMERS);

/**
 * The body as formatted text that reads and writes markdown (ADR 0011): a toolbar, Lexical's keyboard
 * shortcuts (Ctrl/Cmd+B, I, Z, Shift+Z), markdown shortcuts as one types (`## `, `> `, `- `, `**…**`),
 * undo and redo. Loaded only by the admin editor screens, through `BodyEditor`'s `lazy` import.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const {
    id,
    labelledBy,
    describedBy,
    markdown,
    onChange,
    readOnly = false,
    images = true,
    minHeight = 'min-h-96',
  } = props;
  const lastMarkdownRef = useRef(markdown);
  return (
    <LexicalComposer
      initialConfig={{
        namespace: `body-${id}`,
        nodes: BODY_NODES,
        theme,
        editable: !readOnly,
        onError: (error) => {
          throw error;
        },
        editorState: () => $convertFromMarkdownString(markdown, BODY_TRANSFORMERS),
      }}
    >
      <div className="overflow-hidden rounded-xl border border-line bg-paper focus-within:border-beam">
        {readOnly ? null : <Toolbar images={images} />}
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              id={id}
              aria-labelledby={labelledBy}
              aria-describedby={describedBy}
              aria-multiline="true"
              role="textbox"
              data-testid="rich-text-body"
              className={cn('prose-article max-w-none p-5 outline-none [&>*:first-child]:mt-0', minHeight)}
            />
          }
          placeholder={null}
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={(url) => /^(https?:\/\/|mailto:|\/|#)/.test(url)} />
      <HorizontalRulePlugin />
      <MarkdownShortcutPlugin transformers={BODY_TRANSFORMERS} />
      <EditablePlugin editable={!readOnly} />
      <SyncPlugin markdown={markdown} lastMarkdownRef={lastMarkdownRef} />
      <OnChangePlugin
        ignoreSelectionChange
        onChange={(state) => {
          const next = state.read(exportMarkdown);
          if (next === lastMarkdownRef.current) return;
          lastMarkdownRef.current = next;
          onChange(next);
        }}
      />
      <PlainTextPlugin />
      {images ? <PastedImagesPlugin /> : null}
    </LexicalComposer>
  );
}

function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

/**
 * Text pasted from Google Docs, Word or a web page keeps its structure and emphasis but not its look:
 * the inline styles Lexical would keep on the text (colours, fonts, sizes) are dropped, as markdown has
 * no place for them.
 */
function PlainTextPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerNodeTransform(TextNode, (node) => {
        if (node.getStyle() !== '') node.setStyle('');
      }),
    [editor],
  );
  return null;
}

/** A text changed from outside (the markdown source, a restored revision) is read in again. */
function SyncPlugin({ markdown, lastMarkdownRef }: { markdown: string; lastMarkdownRef: { current: string } }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (markdown === lastMarkdownRef.current) return;
    lastMarkdownRef.current = markdown;
    editor.update(() => $convertFromMarkdownString(markdown, BODY_TRANSFORMERS), { tag: 'history-merge' });
  }, [editor, markdown, lastMarkdownRef]);
  return null;
}

type BlockType = 'paragraph' | 'h2' | 'h3' | 'quote' | 'bullet' | 'number' | 'code' | 'other';

interface ToolbarState {
  bold: boolean;
  italic: boolean;
  code: boolean;
  link: boolean;
  block: BlockType;
}

function readToolbarState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  let element =
    anchor.getKey() === 'root'
      ? anchor
      : (anchor.getParents().find((node) => $isRootOrShadowRoot(node.getParent())) ?? anchor);
  if ($isRootOrShadowRoot(element)) element = anchor;
  let block: BlockType = 'other';
  if ($isListNode(element)) {
    const list = $getNearestNodeOfType(anchor, ListNode);
    block = (list ?? element).getListType() === 'number' ? 'number' : 'bullet';
  } else if ($isHeadingNode(element)) {
    const tag = element.getTag();
    block = tag === 'h2' ? 'h2' : tag === 'h3' ? 'h3' : 'other';
  } else if ($isQuoteNode(element)) block = 'quote';
  else if (element.getType() === 'code') block = 'code';
  else if (element.getType() === 'paragraph') block = 'paragraph';
  const parent = anchor.getParent();
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    code: selection.hasFormat('code'),
    link: $isLinkNode(parent) || $isLinkNode(anchor),
    block,
  };
}

function setBlock(editor: LexicalEditor, current: BlockType, wanted: 'h2' | 'h3' | 'quote' | 'code') {
  if (wanted === 'code' && current !== 'code') {
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $setBlocksType(selection, () => $createCodeNode());
    });
    return;
  }
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    if (current === wanted) $setBlocksType(selection, () => $createParagraphNode());
    else if (wanted === 'quote') $setBlocksType(selection, () => $createQuoteNode());
    else if (wanted !== 'code') $setBlocksType(selection, () => $createHeadingNode(wanted));
    else $setBlocksType(selection, () => $createParagraphNode());
  });
}

/**
 * The formatting toolbar: one tab stop (the last button used keeps it), the arrow keys, Home and End
 * move between its buttons (the ARIA toolbar pattern), every button named by its `aria-label`.
 */
function Toolbar({ images }: { images: boolean }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>({
    bold: false,
    italic: false,
    code: false,
    link: false,
    block: 'paragraph',
  });
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [active, setActive] = useState(0);
  // The link form, and the text the link goes on: kept when the form opens, as focus then leaves the editor.
  const [linking, setLinkingState] = useState<{ url: string; selection: BaseSelection | null } | null>(null);
  const setLinking = useCallback(
    (url: string | null) =>
      setLinkingState(
        url === null ? null : { url, selection: editor.getEditorState().read(() => $getSelection()?.clone() ?? null) },
      ),
    [editor],
  );
  const [picking, setPicking] = useState(false);
  // A library image picked, waiting for its alt text and caption.
  const [picked, setPicked] = useState<MediaImage | null>(null);
  const bar = useRef<HTMLDivElement>(null);

  const refresh = useCallback(() => {
    const next = readToolbarState();
    if (next) setState(next);
  }, []);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read(refresh)),
        editor.registerCommand(
          SELECTION_CHANGE_COMMAND,
          () => {
            refresh();
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        // Ctrl/Cmd+K: a link on the selection (or off it), as in Ghost, WordPress and Google Docs.
        editor.registerCommand(
          KEY_MODIFIER_COMMAND,
          (event) => {
            if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return false;
            event.preventDefault();
            const onLink = readToolbarState()?.link ?? false;
            if (onLink) editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
            else setLinking('https://');
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (value) => {
            setCanUndo(value);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (value) => {
            setCanRedo(value);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, refresh, setLinking],
  );

  const buttons: { label: string; glyph: ReactNode; pressed?: boolean; disabled?: boolean; run: () => void }[] = [
    {
      label: 'Bold',
      glyph: <b>B</b>,
      pressed: state.bold,
      run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'),
    },
    {
      label: 'Italic',
      glyph: <i className="font-serif">I</i>,
      pressed: state.italic,
      run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'),
    },
    {
      label: 'Inline code',
      glyph: (
        <ToolIcon>
          <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />
        </ToolIcon>
      ),
      pressed: state.code,
      run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'code'),
    },
    {
      label: 'Link',
      glyph: (
        <ToolIcon>
          <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
        </ToolIcon>
      ),
      pressed: state.link,
      run: () => (state.link ? editor.dispatchCommand(TOGGLE_LINK_COMMAND, null) : setLinking('https://')),
    },
    { label: 'H2 heading', glyph: 'H2', pressed: state.block === 'h2', run: () => setBlock(editor, state.block, 'h2') },
    {
      label: 'H3 subheading',
      glyph: 'H3',
      pressed: state.block === 'h3',
      run: () => setBlock(editor, state.block, 'h3'),
    },
    {
      label: 'Quote',
      glyph: <span className="font-display text-lg leading-none">“</span>,
      pressed: state.block === 'quote',
      run: () => setBlock(editor, state.block, 'quote'),
    },
    {
      label: 'Bulleted list',
      glyph: '•≡',
      pressed: state.block === 'bullet',
      run: () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined),
    },
    {
      label: 'Numbered list',
      glyph: (
        <ToolIcon>
          <path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
        </ToolIcon>
      ),
      pressed: state.block === 'number',
      run: () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined),
    },
    {
      label: 'Code block',
      glyph: <span className="font-mono">{'{ }'}</span>,
      pressed: state.block === 'code',
      run: () => setBlock(editor, state.block, 'code'),
    },
    {
      label: 'Horizontal rule',
      glyph: '—',
      run: () => insertHorizontalRule(editor),
    },
    ...(images
      ? [{ label: 'Image from the library', glyph: <ImagePlus className="size-4" />, run: () => setPicking(true) }]
      : []),
    { label: 'Undo', glyph: '↶', disabled: !canUndo, run: () => editor.dispatchCommand(UNDO_COMMAND, undefined) },
    { label: 'Redo', glyph: '↷', disabled: !canRedo, run: () => editor.dispatchCommand(REDO_COMMAND, undefined) },
  ];

  const focusButton = (index: number) => {
    const count = buttons.length;
    const next = (index + count) % count;
    setActive(next);
    bar.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]')[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    focusButton(to);
  };

  return (
    <>
      <div
        ref={bar}
        role="toolbar"
        aria-label="Formatting"
        aria-controls={undefined}
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-0.5 border-b border-line bg-mist/40 p-1.5"
      >
        {buttons.map((button, index) => (
          <button
            key={button.label}
            type="button"
            data-tool
            tabIndex={index === active ? 0 : -1}
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.pressed === undefined ? undefined : button.pressed}
            aria-disabled={button.disabled || undefined}
            onFocus={() => setActive(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (!button.disabled) button.run();
            }}
            className={cn(
              'inline-flex h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-medium text-ink hover:bg-mist focus-visible:outline-2 focus-visible:outline-beam sm:h-9 sm:min-w-8 sm:px-1.5',
              button.pressed && 'bg-beam/15 text-beam',
              button.disabled && 'opacity-40',
            )}
          >
            <span aria-hidden="true">{button.glyph}</span>
          </button>
        ))}
      </div>
      {linking !== null ? (
        <LinkForm
          initial={linking.url}
          onCancel={() => {
            setLinking(null);
            editor.focus();
          }}
          onApply={(url) => {
            setLinking(null);
            const selection = linking.selection;
            editor.update(() => {
              if (selection) $setSelection(selection.clone());
              $toggleLink(url);
            });
            editor.focus();
          }}
        />
      ) : null}
      {images ? (
        <MediaPicker open={picking} title="Insert an image" onClose={() => setPicking(false)} onSelect={setPicked} />
      ) : null}
      {picked ? (
        <ImageDialog
          heading="Insert the image"
          previewSrc={mediaVariantUrl(picked.id, 640, 'webp')}
          initialAlt={picked.alt}
          submitLabel="Insert image"
          busyLabel="Inserting…"
          onCancel={() => {
            setPicked(null);
            editor.focus();
          }}
          onSubmit={({ alt, caption }) => {
            setPicked(null);
            insertLibraryImage(editor, { id: picked.id, alt }, caption);
          }}
        />
      ) : null}
    </>
  );
}

/** A rule on an empty line takes that line's place (markdown's `---` on a line of its own); elsewhere it goes after the block. */
function insertHorizontalRule(editor: LexicalEditor) {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const block = selection.anchor.getNode().getTopLevelElement();
    if (!$isParagraphNode(block) || block.getTextContentSize() > 0 || block.getChildrenSize() > 0) {
      editor.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined);
      return;
    }
    const rule = $createHorizontalRuleNode();
    block.insertBefore(rule);
    block.selectStart();
  });
}

/** A toolbar button's drawing (decorative: the button is named by its label). */
function ToolIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A library image on a line of its own: the empty line the cursor is on, or a new one after its block. */
export function insertLibraryImage(editor: LexicalEditor, image: Pick<MediaImage, 'id' | 'alt'>, caption = '') {
  editor.update(() => {
    const node = $createImageNode(mediaVariantUrl(image.id, 1280, 'webp'), image.alt, caption);
    const selection = $getSelection();
    const block = $isRangeSelection(selection) ? selection.anchor.getNode().getTopLevelElement() : null;
    if ($isParagraphNode(block) && block.getChildrenSize() === 0) {
      block.append(node);
      block.selectEnd();
      return;
    }
    const paragraph = $createParagraphNode().append(node);
    if (block) block.insertAfter(paragraph);
    else $getRoot().append(paragraph);
    paragraph.selectEnd();
  });
  editor.focus();
}

function LinkForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: string;
  onApply: (url: string) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial);
  const valid = /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/[^\s]*)$/.test(url.trim());
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line bg-paper p-2" role="group" aria-label="Link">
      <label className="sr-only" htmlFor="rich-text-link">
        Link address
      </label>
      <Input
        id="rich-text-link"
        value={url}
        autoFocus
        textSize="sm"
        className="min-w-0 flex-1"
        onChange={(event) => setUrl(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (valid) onApply(url.trim());
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <Button type="button" size="sm" disabled={!valid} onClick={() => onApply(url.trim())}>
        Apply link
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** Image files pasted or dropped into the body go to the media library, with their alt text asked first. */
function PastedImagesPlugin() {
  const [editor] = useLexicalComposerContext();
  const [files, setFiles] = useState<File[]>([]);
  useEffect(() => {
    const take = (list: FileList | null | undefined) => {
      const found = Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
      if (found.length === 0) return false;
      setFiles((queued) => [...queued, ...found]);
      return true;
    };
    return mergeRegister(
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const data = 'clipboardData' in event ? event.clipboardData : null;
          // A web page's HTML with images keeps its text; only a bare image (a screenshot, a file) is uploaded.
          if (!data || data.getData('text/html')) return false;
          if (!take(data.files)) return false;
          event.preventDefault();
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(
        DROP_COMMAND,
        (event) => {
          if (!take(event.dataTransfer?.files)) return false;
          event.preventDefault();
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    );
  }, [editor]);
  const file = files[0];
  return file ? (
    <PastedImageDialog
      file={file}
      onDone={(image, caption) => {
        setFiles((queued) => queued.slice(1));
        if (image) insertLibraryImage(editor, image, caption);
        else editor.focus();
      }}
    />
  ) : null;
}
