import {
  newsletterAudienceLabels,
  newsletterAudienceNames,
  type NewsletterAudience,
  type NewsletterAudienceName,
  type NewsletterImage,
  type NewsletterPostMode,
} from '@northbeam/common';
import { FeatureImageField } from '@/components/admin/media/feature-image-field';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

/** Who the issue goes to, its hero image and (for an issue started from a post) how the post shows. */
export function IssueOptions({
  audience,
  counts,
  hero,
  postMode,
  editable,
  errors,
  fieldId,
  onAudience,
  onHero,
  onPostMode,
}: {
  audience: NewsletterAudienceName;
  counts: NewsletterAudience['counts'];
  hero: NewsletterImage | null;
  /** Null when the issue did not start from a post. */
  postMode: NewsletterPostMode | null;
  editable: boolean;
  errors: { audience?: string; heroImageId?: string; postMode?: string };
  fieldId: (name: string) => string;
  onAudience: (audience: NewsletterAudienceName) => void;
  onHero: (image: NewsletterImage | null) => void;
  onPostMode: (mode: NewsletterPostMode) => void;
}) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <div className="flex flex-col gap-5">
        <Field
          label="Audience"
          htmlFor={fieldId('audience')}
          error={errors.audience}
          hint={<p className="text-xs text-ink-muted">Readers belong to the place where they subscribed.</p>}
        >
          {(control) => (
            <Select
              {...control}
              value={audience}
              disabled={!editable}
              onChange={(event) => onAudience(event.target.value as NewsletterAudienceName)}
            >
              {newsletterAudienceNames.map((name) => (
                <option key={name} value={name}>
                  {newsletterAudienceLabels[name]} ({counts[name].toLocaleString('en-GB')})
                </option>
              ))}
            </Select>
          )}
        </Field>
        {postMode ? (
          <Field label="Show the post as" htmlFor={fieldId('postMode')} error={errors.postMode}>
            {(control) => (
              <Select
                {...control}
                value={postMode}
                disabled={!editable}
                onChange={(event) => onPostMode(event.target.value as NewsletterPostMode)}
              >
                <option value="card">A card: image, title, excerpt and a button</option>
                <option value="full">The text of the body only</option>
              </Select>
            )}
          </Field>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-1.5" data-testid="newsletter-hero">
        <span className="text-sm font-medium text-ink">Hero image</span>
        {editable ? (
          <FeatureImageField
            value={hero}
            onChange={(image) =>
              onHero(image ? { id: image.id, alt: image.alt, width: image.width, height: image.height } : null)
            }
            emptyText="No hero image: the mail opens with its subject."
            pickerTitle="Choose a hero image"
          />
        ) : (
          <p className="text-sm text-ink-muted">{hero ? `Alt text: ${hero.alt}` : 'No hero image.'}</p>
        )}
        {errors.heroImageId ? <p className="text-sm text-danger">{errors.heroImageId}</p> : null}
      </div>
    </div>
  );
}
