import { ImagePlus } from '@/components/ui/icons';
import { useState } from 'react';
import { mediaMarkdown } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { MediaPicker } from './media-picker';

/**
 * "Insert image" for a markdown field: opens the media picker and puts `![alt](/media/{id}/1280.webp)`
 * at the cursor of the textarea (or at the end when it has no focus yet), on a line of its own.
 */
export function InsertImageButton({
  textareaId,
  value,
  onInsert,
}: {
  textareaId: string;
  value: string;
  onInsert: (next: string) => void;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={() => setPicking(true)} data-testid="insert-image">
        <ImagePlus aria-hidden="true" />
        Insert image
      </Button>
      <MediaPicker
        open={picking}
        title="Insert an image"
        onClose={() => setPicking(false)}
        onSelect={(image) => {
          const textarea = document.getElementById(textareaId) as HTMLTextAreaElement | null;
          const at = textarea && textarea.selectionStart !== undefined ? textarea.selectionStart : value.length;
          const before = value.slice(0, at);
          const after = value.slice(at);
          const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
          const tail = after.startsWith('\n') ? '\n' : '\n\n';
          const snippet = `${lead}${mediaMarkdown(image)}${tail}`;
          onInsert(before + snippet + after);
          requestAnimationFrame(() => {
            const cursor = before.length + snippet.length;
            textarea?.focus();
            textarea?.setSelectionRange(cursor, cursor);
          });
        }}
      />
    </>
  );
}
