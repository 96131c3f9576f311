import { mediaHeightAt, mediaSrcSet, mediaVariantUrl, type MediaImage } from '@northbeam/common';
import { cn } from '@/lib/cn';

interface ResponsiveImageProps {
  image: MediaImage;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes: string;
  /** Above the fold (a page's main image): loaded at once with high priority instead of lazily. */
  priority?: boolean;
  /** Alt text of this use; the library's own alt text otherwise. */
  alt?: string;
  className?: string;
  imgClassName?: string;
}

/**
 * A media library image (docs/product.md#media): AVIF then WebP candidates at every variant width up
 * to the original's, `sizes`, and the intrinsic width and height so that the page never shifts.
 * Lazy and decoded off the main thread unless it is the page's main image.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  alt,
  className,
  imgClassName,
}: ResponsiveImageProps) {
  const fallbackWidth = image.width >= 960 ? 960 : 640;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={mediaSrcSet(image, 'avif')} sizes={sizes} />
      <img
        src={mediaVariantUrl(image.id, fallbackWidth, 'webp')}
        srcSet={mediaSrcSet(image, 'webp')}
        sizes={sizes}
        width={image.width}
        height={mediaHeightAt(image, image.width)}
        alt={alt ?? image.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={cn('h-auto w-full', imgClassName)}
      />
    </picture>
  );
}
