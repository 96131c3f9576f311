import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { mediaLimits } from '@northbeam/common';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cardSurface } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorSentence } from '@/lib/api';

/** What the writer gives an image before it goes into a body. */
export interface ImageDetails {
  alt: string;
  /** Shown under the image; empty for none. */
  caption: string;
}

export interface ImageDialogProps {
  heading: string;
  /** The image shown above the fields (decorative: the fields describe it). */
  previewSrc: string;
  /** The library's alt text, when the image has one. */
  initialAlt?: string;
  submitLabel: string;
  /** The submit button's text while `onSubmit` runs. */
  busyLabel: string;
  /** Inserts the image; a failure is shown in the dialog, which stays open. */
  onSubmit: (details: ImageDetails) => Promise<void> | void;
  onCancel: () => void;
}

/**
 * Asks for an image's alt text (required) and caption (optional) before it goes into a body: an image
 * pasted or dropped, or one picked from the media library. A modal `<dialog>` at the end of the page,
 * like the media picker: the page behind is inert, so focus stays inside, and Esc cancels.
 */
export function ImageDialog({
  heading,
  previewSrc,
  initialAlt = '',
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: ImageDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [alt, setAlt] = useState(initialAlt);
  const [caption, setCaption] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const headingId = useId();
  const altId = useId();
  const captionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await onSubmit({ alt: alt.trim(), caption: caption.trim() });
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
        if (!busy) onCancel();
      }}
      className={cardSurface({
        className: 'm-auto w-[calc(100%-2rem)] max-w-lg p-0 text-ink backdrop:bg-ink/50 backdrop:backdrop-blur-sm',
      })}
    >
      <form
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (alt.trim() && !busy) void submit();
        }}
      >
        <h2 id={headingId} className="heading-3">
          {heading}
        </h2>
        <img src={previewSrc} alt="" className="max-h-48 w-full rounded-xl border border-line object-contain" />
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
        <div className="flex flex-col gap-1.5">
          <label htmlFor={captionId} className="text-sm font-medium">
            Caption (optional)
          </label>
          <Input
            id={captionId}
            value={caption}
            maxLength={mediaLimits.captionMax}
            onChange={(event) => setCaption(event.target.value)}
            aria-describedby={`${captionId}-hint`}
          />
          <p id={`${captionId}-hint`} className="text-xs text-ink-muted">
            Shown under the image, for every reader.
          </p>
        </div>
        {problem ? (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !alt.trim()}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
