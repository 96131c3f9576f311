import { ImagePlus } from '@/components/ui/icons';
import { useId, useState } from 'react';
import { mediaIdOfUrl, mediaVariantUrl, type MediaImage } from '@northbeam/common';
import { CaseStudyImage } from '@/components/case-studies/case-study-image';
import { MediaPicker } from '@/components/admin/media/media-picker';
import { Button } from '@/components/ui/button';
import { fieldControl, FieldError } from '@/components/ui/field';

/** A built-in image's name for the writer, from its folder and file: "/images/case-studies/panaquest/hero.svg" → "panaquest hero". */
export function builtInImageName(address: string): string {
  const parts = address.split(/[?#]/, 1)[0].split('/').filter(Boolean);
  const name = parts
    .slice(-2)
    .join(' ')
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
  return name || address;
}

/** The address an image chosen from the library is stored under (docs/product.md#case-studies). */
export function libraryImageAddress(image: Pick<MediaImage, 'id'>): string {
  return mediaVariantUrl(image.id, 1280, 'webp');
}

/**
 * Where an editor chooses an image (docs/product.md#case-studies): the media library's picker,
 * with a preview of what is chosen. The value stays an address: a library image is stored as its
 * `/media/{id}/1280.webp` variant, and an address set before the library (the built-in case
 * studies' `/images/…` files) is kept, shown and saved as it is until another image is chosen.
 */
export function ImageAddressField({
  id,
  label,
  value,
  onChange,
  onPick,
  alt,
  error,
  optional = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The library image just chosen (the gallery takes its alt text when it has none yet). */
  onPick?: (image: MediaImage) => void;
  /** What the preview's image is, for screen readers. */
  alt: string;
  error?: string;
  optional?: boolean;
}) {
  const [picking, setPicking] = useState(false);
  const labelId = useId();
  const hintId = `${id}-hint`;
  const address = value.trim();
  const fromLibrary = Boolean(mediaIdOfUrl(address));
  const previewable = /^(\/(?!\/)|https:\/\/)\S+$/.test(address);
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_9rem] sm:items-start"
      data-testid="image-field"
    >
      <div className="flex min-w-0 flex-col gap-2">
        <p id={labelId} className="text-sm font-medium text-ink">
          {label}
        </p>
        <p id={hintId} className="text-xs leading-relaxed break-words text-ink-muted">
          {optional ? 'Optional. ' : ''}
          {!address
            ? 'No image chosen.'
            : fromLibrary
              ? 'From the media library.'
              : `A built-in image of the site: “${builtInImageName(address)}”.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            {...fieldControl(id, error, `${labelId} ${hintId}`)}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setPicking(true)}
          >
            <ImagePlus aria-hidden="true" />
            {address ? 'Change image' : 'Choose image'}
          </Button>
          {optional && address ? (
            <Button type="button" variant="ghost-danger" size="sm" onClick={() => onChange('')}>
              Remove
            </Button>
          ) : null}
        </div>
        <FieldError field={id} message={error} />
      </div>
      <div className="w-36 max-w-full" data-testid={`${id}-preview`}>
        {previewable ? (
          <CaseStudyImage
            key={address}
            src={address}
            alt={alt}
            width={16}
            height={9}
            className="rounded-lg border border-line"
          />
        ) : (
          <div className="flex aspect-video items-center justify-center rounded-lg border border-dashed border-line bg-mist px-2 text-center text-xs text-ink-muted">
            No image
          </div>
        )}
      </div>
      <MediaPicker
        open={picking}
        title={`Choose the ${label.toLowerCase()}`}
        onClose={() => setPicking(false)}
        onSelect={(image) => {
          onChange(libraryImageAddress(image));
          onPick?.(image);
        }}
      />
    </div>
  );
}
