import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { mediaLimits, type MediaImage } from '@northbeam/common';
import { uploadMedia } from '@/components/admin/media/media-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cardSurface } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorSentence } from '@/lib/api';

/**
 * An image pasted or dropped into a body: asks for its alt text, uploads it to the media library and
 * hands back the library image (or nothing when the writer cancels). A modal `<dialog>` at the end of
 * the page, like the media picker.
 */
export function PastedImageDialog({ file, onDone }: { file: File; onDone: (image: MediaImage | null) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [preview] = useState(() => URL.createObjectURL(file));
  const headingId = useId();
  const altId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const item = await uploadMedia(file, alt.trim());
      onDone({ id: item.id, alt: item.alt, width: item.width, height: item.height, format: item.format });
    } catch (error) {
      setProblem(errorSentence(error));
      setBusy(false);
    }
  };

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onDone(null);
      }}
      className={cardSurface({
        className: 'm-auto w-[calc(100%-2rem)] max-w-lg p-0 text-ink backdrop:bg-ink/50 backdrop:backdrop-blur-sm',
      })}
    >
      <form
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (alt.trim()) void upload();
        }}
      >
        <h2 id={headingId} className="heading-3">
          Add the image to the media library
        </h2>
        <img src={preview} alt="" className="max-h-48 w-full rounded-xl border border-line object-contain" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={altId} className="text-sm font-medium">
            Alt text
          </label>
          <Input
            id={altId}
            value={alt}
            autoFocus
            maxLength={mediaLimits.altMax}
            onChange={(event) => setAlt(event.target.value)}
            aria-describedby={`${altId}-hint`}
          />
          <p id={`${altId}-hint`} className="text-xs text-ink-muted">
            What the image shows, for readers who cannot see it.
          </p>
        </div>
        {problem ? (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onDone(null)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !alt.trim()}>
            {busy ? 'Uploading…' : 'Upload and insert'}
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
