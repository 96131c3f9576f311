import { ImageOff, Loader2 } from '@/components/ui/icons';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

type ImageState = 'loading' | 'loaded' | 'failed';

/**
 * An image that shows a spinner while it loads and 'Image unavailable' when it fails. The state is
 * read from the element after hydration too, for images that finished before React took over.
 */
export function CaseStudyImage({
  src,
  alt,
  width = 1200,
  height = 675,
  eager = false,
  className,
  imageClassName,
}: {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  eager?: boolean;
  className?: string;
  imageClassName?: string;
}) {
  const [state, setState] = useState<ImageState>('loading');
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const image = ref.current;
    if (image?.complete) setState(image.naturalWidth > 0 ? 'loaded' : 'failed');
  }, [src]);

  return (
    <div
      className={cn('relative overflow-hidden bg-ink-soft', className)}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-image-state={state}
    >
      {/* The spinner sits under the image: it shows through until the image paints over it. */}
      {state === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center" role="status" aria-label="Loading image">
          <Loader2 className="size-8 animate-spin text-white/60" aria-hidden="true" />
        </div>
      )}
      {state !== 'failed' && (
        <img
          ref={ref}
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={cn('relative size-full object-cover', imageClassName)}
        />
      )}
      {state === 'failed' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-mist text-ink-muted">
          <ImageOff className="size-8" aria-hidden="true" />
          <p className="text-sm font-medium">Image unavailable</p>
        </div>
      )}
    </div>
  );
}
