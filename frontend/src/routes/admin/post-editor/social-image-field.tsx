import { ImagePlus } from '@/components/ui/icons';
import { useState } from 'react';
import { mediaVariantUrl } from '@northbeam/common';
import { MediaPicker } from '@/components/admin/media/media-picker';
import { Button } from '@/components/ui/button';

/**
 * The image a shared post shows (`og:image`): chosen from the media library, kept as the 1280 px
 * variant's full address (crawlers need one). Without it, the feature image or the drawn card.
 */
export function SocialImageField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2" data-testid="social-image-field">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        Social image (optional)
      </span>
      {value ? (
        <img
          src={value}
          alt="The social image"
          className="aspect-[1200/630] w-full max-w-sm rounded-xl border border-line object-cover"
        />
      ) : (
        <p className="text-xs text-ink-muted">None: a shared post shows its feature image, or its drawn card.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
          <ImagePlus aria-hidden="true" />
          {value ? 'Change social image' : 'Choose social image'}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
            Remove social image
          </Button>
        ) : null}
      </div>
      <MediaPicker
        open={picking}
        title="Choose a social image"
        onClose={() => setPicking(false)}
        onSelect={(image) => onChange(`${window.location.origin}${mediaVariantUrl(image.id, 1280, 'webp')}`)}
      />
    </div>
  );
}
