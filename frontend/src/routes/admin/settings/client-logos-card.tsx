import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from '@/components/ui/icons';
import { siteSettingsLimits, type SiteSettingsInput } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, cardSurface } from '@/components/ui/card';
import { SettingsTextField } from './settings-text-field';

type ClientLogo = SiteSettingsInput['clientLogos'][number];

/**
 * The client logos of the marquee, in order: each named, moved up or down, or removed; "Add a logo"
 * opens the media library (`onAdd`).
 */
export function ClientLogosCard({
  logos,
  errors,
  previews,
  onChange,
  onAdd,
}: {
  logos: ClientLogo[];
  errors: Partial<Record<string, string>>;
  /** The pictures of logos just chosen from the library, by media id. */
  previews: Record<string, { src: string }>;
  onChange: (logos: ClientLogo[]) => void;
  onAdd: () => void;
}) {
  const moveLogo = (index: number, by: -1 | 1) => {
    const moved = [...logos];
    const [logo] = moved.splice(index, 1);
    moved.splice(index + by, 0, logo);
    onChange(moved);
  };

  /** A logo's picture: the library's image, or the drawing shipped with the site. */
  const logoSrc = (logo: ClientLogo) =>
    logo.mediaId
      ? (previews[logo.mediaId]?.src ?? `/media/${logo.mediaId}/320.webp`)
      : `/images/clients/${logo.builtIn}.svg`;

  return (
    <Card data-testid="settings-logos">
      <CardHeader>
        <CardTitle as="h2">Client logos</CardTitle>
        <CardDescription>
          The marquee on the home and Consulting pages, in this order (at most {siteSettingsLimits.clientLogosMax}).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {errors.clientLogos ? (
          <p role="alert" className="text-sm text-danger">
            {errors.clientLogos}
          </p>
        ) : null}
        <ol className="flex flex-col gap-3" data-testid="settings-logo-list">
          {logos.map((logo, index) => (
            <li
              key={`${logo.mediaId ?? logo.builtIn}-${index}`}
              className={cardSurface({
                tone: 'none',
                elevation: 'none',
                className: 'flex flex-col gap-3 p-3 sm:flex-row sm:items-end',
              })}
              data-testid="settings-logo"
            >
              <img src={logoSrc(logo)} alt="" className="h-10 w-28 shrink-0 rounded bg-mist object-contain p-1" />
              <div className="min-w-0 flex-1">
                <SettingsTextField
                  path={`clientLogos.${index}.name`}
                  label={`Logo ${index + 1} name`}
                  value={logo.name}
                  onChange={(value) =>
                    onChange(logos.map((item, at) => (at === index ? { ...item, name: value } : item)))
                  }
                  error={errors[`clientLogos.${index}.name`]}
                />
              </div>
              <div className="flex shrink-0 gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${logo.name} up`}
                  disabled={index === 0}
                  onClick={() => moveLogo(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${logo.name} down`}
                  disabled={index === logos.length - 1}
                  onClick={() => moveLogo(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost-danger"
                  size="icon"
                  aria-label={`Remove ${logo.name}`}
                  onClick={() => onChange(logos.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={logos.length >= siteSettingsLimits.clientLogosMax}
            onClick={onAdd}
          >
            <ImagePlus aria-hidden="true" />
            Add a logo
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
