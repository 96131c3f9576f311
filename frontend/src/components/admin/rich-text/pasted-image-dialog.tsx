import { useEffect, useState } from 'react';
import type { MediaImage } from '@northbeam/common';
import { uploadMedia } from '@/components/admin/media/media-client';
import { ImageDialog } from './image-dialog';

/**
 * An image pasted or dropped into a body: asks for its alt text and caption, uploads it to the media
 * library and hands back the library image with the caption (or nothing when the writer cancels).
 */
export function PastedImageDialog({
  file,
  onDone,
}: {
  file: File;
  onDone: (image: MediaImage | null, caption?: string) => void;
}) {
  const [preview] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);

  return (
    <ImageDialog
      heading="Add the image to the media library"
      previewSrc={preview}
      submitLabel="Upload and insert"
      busyLabel="Uploading…"
      onCancel={() => onDone(null)}
      onSubmit={async ({ alt, caption }) => {
        const item = await uploadMedia(file, alt);
        onDone({ id: item.id, alt: item.alt, width: item.width, height: item.height, format: item.format }, caption);
      }}
    />
  );
}
