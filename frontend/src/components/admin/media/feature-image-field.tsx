import { ImagePlus } from '@/components/ui/icons';
import { useState } from 'react';
import { mediaHeightAt, mediaVariantUrl, type MediaImage } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { MediaPicker } from './media-picker';

/**
 * A post's feature image (or a newsletter issue's hero image): a preview with Change and Remove, or a
 * button that opens the media picker. Its alt text is the library's (required there), shown under the preview.
 */
export function FeatureImageField({
  value,
  onChange,
  emptyText = 'No feature image: the post shares its drawn card.',
  pickerTitle = 'Choose a feature image',
}: {
  value: Pick<MediaImage, 'id' | 'alt' | 'width' | 'height'> | null;
  onChange: (image: MediaImage | null) => void;
  emptyText?: string;
  pickerTitle?: string;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="flex flex-col gap-3" data-testid="feature-image-field">
      {value ? (
        <figure className="flex flex-col gap-2">
          <img
            src={mediaVariantUrl(value.id, 640, 'webp')}
            alt={value.alt}
            width={640}
            height={mediaHeightAt(value, 640)}
            className="aspect-[16/9] w-full rounded-xl border border-line object-cover"
            data-testid="feature-image-preview"
          />
          <figcaption className="text-xs break-words text-ink-muted">Alt text: {value.alt}</figcaption>
        </figure>
      ) : (
        <p className="text-sm text-ink-muted">{emptyText}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
          <ImagePlus aria-hidden="true" />
          {value ? 'Change image' : 'Choose image'}
        </Button>
        {value ? (
          <Button type="button" variant="ghost-danger" size="sm" onClick={() => onChange(null)}>
            Remove
          </Button>
        ) : null}
      </div>
      <MediaPicker open={picking} title={pickerTitle} onClose={() => setPicking(false)} onSelect={onChange} />
    </div>
  );
}
