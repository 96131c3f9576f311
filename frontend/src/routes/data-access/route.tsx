import { FileArchive, Mail } from '@/components/ui/icons';
import { useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { looksLikeEmailAddress, messages, site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import {
  PrivacyRequestConsent,
  PrivacyRequestEmailField,
  PrivacyRequestSteps,
  PrivacyRequestSubmit,
  PrivacyRequestConfirmation,
} from '@/components/legal/privacy-request-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useForm, type FormFieldErrors } from '@/components/ui/use-form';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { getVisitorId } from '@/lib/analytics';
import { readConsent } from '@/lib/consent';
import { useSiteSettings } from '@/lib/site-settings';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: 'Data Access Request',
    description: `Ask ${site.name} for a copy of the personal data we hold about you under UK data protection law.`,
    canonicalPath: pathname.toLowerCase(),
  }),
};

/**
 * The right of access (docs/product.md#privacy-requests): the deletion form's rules and verification
 * by link; once the privacy team approves, a one-use link to a ZIP of every record is mailed.
 */
export function Component() {
  const { privacyEmail } = useSiteSettings();
  const form = useForm<{ email: string; consent: boolean }>({
    initial: { email: '', consent: false },
    idPrefix: 'access',
  });
  const { bindForm } = form;
  const { email, consent } = form.values;
  const [requestId, setRequestId] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FormFieldErrors = {};
    if (!looksLikeEmailAddress(email.trim())) found.email = messages.emailInvalid;
    if (!consent) found.consent = messages.deletionConsentRequired;
    if (form.showErrors(found)) return;
    await form.run(
      'submit',
      async () => {
        const withVisitor = readConsent()?.preferences.analytics ? { visitorId: getVisitorId() } : {};
        const response = await apiRequest('POST', '/api/request-data-access', {
          email: email.trim(),
          consent,
          ...withVisitor,
        });
        setRequestId(((await response.json()) as { requestId: string }).requestId);
      },
      (error) =>
        form.fail(error, {
          onFailure: () =>
            toast({
              title: messages.deletionFailedTitle,
              description: (error instanceof ApiRequestError ? error.serverError : undefined) ?? messages.accessFailed,
              variant: 'destructive',
            }),
        }),
    );
  }

  return (
    <section className="bg-paper">
      <div className="container-page grid gap-12 py-16 sm:py-24 lg:grid-cols-[1fr_1.1fr]">
        <div className="space-y-6">
          <p className="eyebrow">Your data, your right</p>
          <h1 className="heading-1">Data Access Request</h1>
          <p className="lead max-w-xl">
            Under UK data protection law you can ask for a copy of the personal data we hold about you. Tell us the
            email address you used with us.
          </p>
          <PrivacyRequestSteps
            steps={[
              'You confirm the request from the link we email you.',
              'Our privacy team reviews it; we answer within one month.',
              'We email you a link to one ZIP file with every record we hold: as data (JSON) and as a readable page.',
              'The link works once, for 7 days; then the file is deleted.',
            ]}
          />
          <p className="text-sm text-ink-muted">
            Want your data erased instead? Use our{' '}
            <Link to="/data-deletion" className="font-medium text-beam underline underline-offset-4">
              data deletion request
            </Link>
            . Questions? Email{' '}
            <a href={`mailto:${privacyEmail}`} className="font-medium text-beam underline underline-offset-4">
              {privacyEmail}
            </a>
            .
          </p>
        </div>

        {requestId ? (
          <Confirmation requestId={requestId} />
        ) : (
          <Card className="self-start">
            <CardHeader>
              <CardTitle as="h2">Ask for your data</CardTitle>
              <CardDescription>Both fields are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                ref={bindForm}
                noValidate
                onSubmit={(event) => void onSubmit(event)}
                className="space-y-6"
                aria-label="Data access request"
              >
                <PrivacyRequestEmailField
                  prefix="access"
                  value={email}
                  error={form.errors.email}
                  onChange={(value) => form.set('email', value)}
                />
                <PrivacyRequestConsent
                  prefix="access"
                  checked={consent}
                  error={form.errors.consent}
                  onChange={(value) => form.set('consent', value)}
                >
                  I confirm that I own this email address and want a copy of the personal data held about it.
                </PrivacyRequestConsent>
                <PrivacyRequestSubmit pending={form.busy !== null}>
                  <FileArchive aria-hidden="true" />
                  Request My Data
                </PrivacyRequestSubmit>
              </form>
            </CardContent>
          </Card>
        )}
      </div>
    </section>
  );
}

function Confirmation({ requestId }: { requestId: string }) {
  return (
    <PrivacyRequestConfirmation testId="access-confirmation" description={messages.accessSubmitted}>
      <dl className="rounded-2xl bg-mist p-4 text-sm">
        <dt className="text-ink-muted">Request ID</dt>
        <dd className="font-mono font-semibold break-all text-ink" data-testid="access-request-id">
          {requestId}
        </dd>
      </dl>
      <p className="flex items-start gap-2 text-sm text-ink-muted">
        <Mail className="mt-0.5 size-4 shrink-0 text-beam" aria-hidden="true" />
        Open the link in the email we sent you to confirm the request.
      </p>
    </PrivacyRequestConfirmation>
  );
}
