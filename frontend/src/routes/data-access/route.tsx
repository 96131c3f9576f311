import { FileArchive, Mail } from '@/components/ui/icons';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
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
import { ApiRequestError, apiRequest } from '@/lib/api';
import { fieldErrorsOf } from '@/lib/field-errors';
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

type FieldName = 'email' | 'consent';
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * The right of access (docs/product.md#privacy-requests): the deletion form's rules and verification
 * by link; once the privacy team approves, a one-use link to a ZIP of every record is mailed.
 */
export function Component() {
  const { privacyEmail } = useSiteSettings();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!looksLikeEmailAddress(email.trim())) found.email = messages.emailInvalid;
    if (!consent) found.consent = messages.deletionConsentRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`access-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setPending(true);
    try {
      const withVisitor = readConsent()?.preferences.analytics ? { visitorId: getVisitorId() } : {};
      const response = await apiRequest('POST', '/api/request-data-access', {
        email: email.trim(),
        consent,
        ...withVisitor,
      });
      setRequestId(((await response.json()) as { requestId: string }).requestId);
    } catch (error) {
      const fromServer = fieldErrorsOf<FieldName>(error);
      if (fromServer) setErrors(fromServer);
      const serverError = error instanceof ApiRequestError ? error.serverError : undefined;
      toast({
        title: messages.deletionFailedTitle,
        description: serverError ?? messages.accessFailed,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
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
                noValidate
                onSubmit={(event) => void onSubmit(event)}
                className="space-y-6"
                aria-label="Data access request"
              >
                <PrivacyRequestEmailField prefix="access" value={email} error={errors.email} onChange={setEmail} />
                <PrivacyRequestConsent prefix="access" checked={consent} error={errors.consent} onChange={setConsent}>
                  I confirm that I own this email address and want a copy of the personal data held about it.
                </PrivacyRequestConsent>
                <PrivacyRequestSubmit pending={pending}>
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
