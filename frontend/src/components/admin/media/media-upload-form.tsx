import { ImageUp, Upload } from '@/components/ui/icons';
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { mediaLimits, mediaMessages, type MediaItem } from '@northbeam/common';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useForm } from '@/components/ui/use-form';
import { errorSentence } from '@/lib/api';
import { cn } from '@/lib/cn';
import { uploadMedia } from './media-client';

const accepted = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/**
 * Upload one image: drop it on the zone or choose it with the button, describe it (alt text is
 * required), send. The server checks the file by its bytes; its refusals show as they are.
 */
export function MediaUploadForm({
  onUploaded,
  compact = false,
}: {
  onUploaded: (item: MediaItem) => void;
  compact?: boolean;
}) {
  // The file is a value of the form like the alt text: chosen, dropped, cleared after the upload.
  const form = useForm<{ file: File | null; alt: string }>({ initial: { file: null, alt: '' } });
  const { values, problem, setProblem } = form;
  const { file } = values;
  const sending = form.busy !== null;
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = (chosen: File | undefined) => {
    setProblem(undefined);
    if (!chosen) return;
    // Caught here to spare a 20 MB upload; the server checks again.
    if (chosen.size > mediaLimits.uploadMaxBytes) {
      setProblem(mediaMessages.tooLarge);
      return;
    }
    form.set('file', chosen);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setProblem(undefined);
    const text = values.alt.trim();
    if (!file) {
      setProblem(mediaMessages.fileRequired);
      return;
    }
    if (!text) {
      form.showErrors({ alt: mediaMessages.altRequired });
      return;
    }
    if (text.length > mediaLimits.altMax) {
      form.showErrors({ alt: mediaMessages.altTooLong });
      return;
    }
    form.showErrors({});
    await form.run(
      'submit',
      async () => {
        const item = await uploadMedia(file, text);
        form.reset({ file: null, alt: '' });
        if (input.current) input.current.value = '';
        onUploaded(item);
      },
      (error) => setProblem(errorSentence(error)),
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      data-testid="media-upload-form"
    >
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 text-center transition-colors',
          compact ? 'py-5' : 'py-8',
          dragging ? 'border-beam bg-beam/5' : 'border-line bg-mist/40',
        )}
        data-testid="media-drop-zone"
      >
        <ImageUp className="size-6 text-ink-muted" aria-hidden="true" />
        <p className="text-sm text-ink-muted">
          {file ? (
            <span className="font-medium break-all text-ink" data-testid="media-chosen-file">
              {file.name}
            </span>
          ) : (
            'Drop an image here (JPEG, PNG, WebP, AVIF or GIF, up to 20 MB)'
          )}
        </p>
        <input
          ref={input}
          id={form.fieldId('file')}
          type="file"
          accept={accepted}
          className="sr-only"
          onChange={(event) => choose(event.target.files?.[0])}
          data-testid="media-file-input"
        />
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          {file ? 'Choose another image' : 'Choose an image'}
        </Button>
      </div>
      <Field label="Alt text" {...form.field('alt')}>
        {(control) => (
          <Input
            {...control}
            {...form.text('alt')}
            maxLength={mediaLimits.altMax}
            placeholder="What the image shows, for people who cannot see it"
          />
        )}
      </Field>
      {problem ? (
        <Alert variant="destructive" data-testid="media-upload-error">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={sending} className="self-start">
        <Upload aria-hidden="true" />
        {sending ? 'Uploading...' : 'Upload'}
      </Button>
    </form>
  );
}
