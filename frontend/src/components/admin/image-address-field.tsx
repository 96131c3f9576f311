import { CaseStudyImage } from '@/components/case-studies/case-study-image';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';

/**
 * Where an editor chooses an image: today the image's address as text (a path on this site such as
 * `/images/…`, or an https address) with a preview of what it shows. It is the one component that
 * does this, so that the media library's picker can take its place.
 */
export function ImageAddressField({
  id,
  label,
  value,
  onChange,
  alt,
  error,
  optional = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What the preview's image is, for screen readers. */
  alt: string;
  error?: string;
  optional?: boolean;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const address = value.trim();
  const previewable = /^(\/(?!\/)|https:\/\/)\S+$/.test(address);
  return (
    <div className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_9rem] sm:items-start">
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          textSize="sm"
          className="font-mono"
          placeholder="/images/case-studies/…"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        />
        <p id={hintId} className="text-xs leading-relaxed text-ink-muted">
          {optional ? 'Optional. ' : ''}A path on this site (starting with /) or an https:// address.
        </p>
        <FieldError id={errorId} message={error} />
      </div>
      <div className="w-36 max-w-full" data-testid={`${id}-preview`}>
        {previewable ? (
          <CaseStudyImage key={address} src={address} alt={alt} width={16} height={9} className="rounded-lg border border-line" />
        ) : (
          <div className="flex aspect-video items-center justify-center rounded-lg border border-dashed border-line bg-mist px-2 text-center text-xs text-ink-muted">
            No image
          </div>
        )}
      </div>
    </div>
  );
}
