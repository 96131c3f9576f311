import { useState, type FormEvent } from 'react';
import {
  formatDate,
  mediaSharedFormat,
  mediaVariantUrl,
  site,
  siteSettingsLimits,
  siteSettingsMessages,
  socialNetworks,
  type SiteSettings,
  type SiteSettingsInput,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ListScreenRefusal } from '@/components/admin/list-screen';
import { MediaPicker } from '@/components/admin/media/media-picker';
import { PlaybookDocumentField } from '@/components/admin/settings/playbook-document-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { ApiRequestError, errorSentence, loadJson, requestJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';
import { ClientLogosCard } from './client-logos-card';
import { SettingsTextField } from './settings-text-field';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Site settings',
    description: `Contact details, links, client logos and mailboxes of the ${site.name} site.`,
    noindex: true,
  }),
};

/** A consultant is refused the screen as a whole (403). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireStaffUser(context, request);
  try {
    return { settings: await loadJson<SiteSettings>(context, '/api/admin/settings'), problem: undefined };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 403)
      return { settings: null, problem: errorSentence(error) };
    throw error;
  }
}

function editable(settings: SiteSettings): SiteSettingsInput {
  const { updatedAt: _at, updatedByName: _by, ...rest } = settings;
  return rest;
}

/** A logo's picture in the editor: the library's image, or the drawing shipped with the site. */
interface LogoPreview {
  src: string;
}

export function Component() {
  const { settings, problem } = useLoaderData<typeof loader>();
  if (!settings) return <ListScreenRefusal title="Site settings" problem={problem} />;
  return <SettingsForm settings={settings} />;
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const revalidator = useRevalidator();
  // Control ids follow the server's field paths: `settings-social-linkedin`.
  const form = useForm<SiteSettingsInput>({ initial: () => editable(settings), idPrefix: 'settings' });
  const { bindForm } = form;
  const { values, errors, problem, set } = form;
  const saving = form.busy !== null;
  const [previews, setPreviews] = useState<Record<string, LogoPreview>>({});
  const [picking, setPicking] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    form.showErrors({});
    form.setProblem(undefined);
    await form.run('submit', async () => {
      const saved = await requestJson<SiteSettings>('PUT', '/api/admin/settings', values);
      form.reset(editable(saved));
      toast({ title: siteSettingsMessages.saved });
      await revalidator.revalidate();
    });
  };

  const text = (path: string, label: string, value: string, onChange: (value: string) => void, type = 'text') => (
    <SettingsTextField path={path} label={label} value={value} onChange={onChange} type={type} error={errors[path]} />
  );

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        title="Site settings"
        description="What every page of the site shows: contact details, links, the client logos, and where mail from visitors goes. Saved changes show on the site at once."
      />
      {settings.updatedAt ? (
        <p className="mt-3 text-sm text-ink-muted" data-testid="settings-updated">
          Last saved {formatDate(settings.updatedAt, 'd MMM yyyy, HH:mm')}
          {settings.updatedByName ? ` by ${settings.updatedByName}` : ''}
        </p>
      ) : null}

      <form ref={bindForm} className="mt-8 flex flex-col gap-6" onSubmit={(event) => void save(event)} noValidate>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card data-testid="settings-contact">
            <CardHeader>
              <CardTitle as="h2">Contact details</CardTitle>
              <CardDescription>Shown to visitors on the contact page, the footer and the legal pages.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {text('email', 'Public e-mail', values.email, (value) => set('email', value), 'email')}
              {text(
                'privacyEmail',
                'Privacy e-mail',
                values.privacyEmail,
                (value) => set('privacyEmail', value),
                'email',
              )}
              {text('phone', 'Phone', values.phone, (value) => set('phone', value), 'tel')}
            </CardContent>
          </Card>

          <Card data-testid="settings-mailboxes">
            <CardHeader>
              <CardTitle as="h2">Mailboxes</CardTitle>
              <CardDescription>Where the site mails what visitors send. Never shown on the site.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {text('enquiryInbox', 'Enquiries', values.enquiryInbox, (value) => set('enquiryInbox', value), 'email')}
              {text(
                'privacyInbox',
                'Privacy requests',
                values.privacyInbox,
                (value) => set('privacyInbox', value),
                'email',
              )}
              <PlaybookDocumentField settings={settings} />
            </CardContent>
          </Card>
        </div>

        <Card data-testid="settings-social">
          <CardHeader>
            <CardTitle as="h2">Social links</CardTitle>
            <CardDescription>
              The footer shows an icon for each network with an address; leave one blank to hide it.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            {socialNetworks.map((network) => (
              <div key={network}>
                {text(
                  `social.${network}`,
                  network,
                  values.social[network],
                  (value) => set('social', { ...values.social, [network]: value }),
                  'url',
                )}
              </div>
            ))}
          </CardContent>
        </Card>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card data-testid="settings-products">
            <CardHeader>
              <CardTitle as="h2">Products</CardTitle>
              <CardDescription>The header&rsquo;s Products menu.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              {values.products.map((product, index) => {
                const change = (key: 'name' | 'description' | 'href', value: string) =>
                  set(
                    'products',
                    values.products.map((item, at) => (at === index ? { ...item, [key]: value } : item)),
                  );
                return (
                  <fieldset key={index} className="flex flex-col gap-4">
                    <legend className="mb-2 text-sm font-semibold text-ink">Product {index + 1}</legend>
                    {text(`products.${index}.name`, 'Name', product.name, (value) => change('name', value))}
                    {text(`products.${index}.description`, 'Description', product.description, (value) =>
                      change('description', value),
                    )}
                    {text(`products.${index}.href`, 'Address', product.href, (value) => change('href', value), 'url')}
                  </fieldset>
                );
              })}
            </CardContent>
          </Card>

          <Card data-testid="settings-studios">
            <CardHeader>
              <CardTitle as="h2">Studios</CardTitle>
              <CardDescription>The footer&rsquo;s Studios column and the Immersive page.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              {values.studios.map((studio, index) => {
                const change = (key: 'name' | 'blurb' | 'href', value: string) =>
                  set(
                    'studios',
                    values.studios.map((item, at) => (at === index ? { ...item, [key]: value } : item)),
                  );
                return (
                  <fieldset key={studio.id} className="flex flex-col gap-4">
                    <legend className="mb-2 text-sm font-semibold text-ink">Studio {index + 1}</legend>
                    {text(`studios.${index}.name`, 'Name', studio.name, (value) => change('name', value))}
                    {text(`studios.${index}.blurb`, 'Blurb', studio.blurb, (value) => change('blurb', value))}
                    {text(`studios.${index}.href`, 'Address', studio.href, (value) => change('href', value), 'url')}
                  </fieldset>
                );
              })}
            </CardContent>
          </Card>
        </div>

        <ClientLogosCard
          logos={values.clientLogos}
          errors={errors}
          previews={previews}
          onChange={(logos) => set('clientLogos', logos)}
          onAdd={() => setPicking(true)}
        />

        {problem ? (
          <Alert variant="destructive">
            <AlertDescription data-testid="settings-problem">{problem}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={saving} data-testid="settings-save">
            {saving ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </form>

      <MediaPicker
        open={picking}
        title="Choose a client logo"
        onClose={() => setPicking(false)}
        onSelect={(image) => {
          setPreviews((current) => ({
            ...current,
            [image.id]: { src: mediaVariantUrl(image.id, 320, mediaSharedFormat(image.format)) },
          }));
          set('clientLogos', [
            ...values.clientLogos,
            {
              name: image.alt.replace(/ logo$/i, '').slice(0, siteSettingsLimits.nameMax) || 'Client',
              mediaId: image.id,
              builtIn: null,
            },
          ]);
        }}
      />
    </section>
  );
}
