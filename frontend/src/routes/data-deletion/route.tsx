import { AlertTriangle, Info, Mail, ShieldCheck } from '@/components/ui/icons';
import { useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import {
  deletionRequestTypes,
  formatDate,
  limits,
  messages,
  site,
  type DeletionRequestType,
  looksLikeEmailAddress,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  PrivacyRequestConsent,
  PrivacyRequestEmailField,
  PrivacyRequestSteps,
  PrivacyRequestSubmit,
  PrivacyRequestConfirmation,
} from '@/components/legal/privacy-request-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useForm, type FormFieldErrors } from '@/components/ui/use-form';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { trackEmailClick } from '@/lib/analytics';
import { readConsent } from '@/lib/consent';
import { getVisitorId } from '@/lib/analytics';
import { useSiteSettings } from '@/lib/site-settings';

export const handle: RouteHandle = {
  head: ({ pathname }) => ({
    title: 'Data Deletion Request',
    description: `Ask ${site.name} to delete the personal data we hold about you under UK data protection law.`,
    canonicalPath: pathname.toLowerCase(),
  }),
};

const typeLabels: Record<DeletionRequestType, string> = {
  full_deletion: 'Full deletion - remove all data tied to my email',
  partial_deletion: 'Partial deletion - contact me to agree what to delete',
};

interface DeletionValues {
  email: string;
  requestType: DeletionRequestType;
  reason: string;
  consent: boolean;
}

function validate(values: DeletionValues): FormFieldErrors {
  const errors: FormFieldErrors = {};
  if (!looksLikeEmailAddress(values.email.trim())) errors.email = messages.emailInvalid;
  if (values.reason.length > limits.deletionReasonMax) errors.reason = messages.deletionReasonTooLong;
  if (!values.consent) errors.consent = messages.deletionConsentRequired;
  return errors;
}

interface Submitted {
  requestId: string;
  submittedAt: Date;
}

export function Component() {
  const { privacyEmail } = useSiteSettings();
  const form = useForm<DeletionValues>({
    initial: { email: '', requestType: 'full_deletion', reason: '', consent: false },
    idPrefix: 'deletion',
  });
  const { bindForm } = form;
  const { email, requestType, reason, consent } = form.values;
  const { errors } = form;
  const [submitted, setSubmitted] = useState<Submitted | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.showErrors(validate(form.values))) return;
    await form.run(
      'submit',
      async () => {
        const withVisitor = readConsent()?.preferences.analytics ? { visitorId: getVisitorId() } : {};
        const response = await apiRequest('POST', '/api/request-data-deletion', {
          email: email.trim(),
          requestType,
          reason: reason.trim() || undefined,
          consent,
          ...withVisitor,
        });
        const body = (await response.json()) as { requestId: string };
        setSubmitted({ requestId: body.requestId, submittedAt: new Date() });
        toast({ title: messages.deletionSubmittedTitle, description: messages.deletionSubmitted });
      },
      (error) =>
        form.fail(error, {
          onFailure: () =>
            toast({
              title: messages.deletionFailedTitle,
              description:
                (error instanceof ApiRequestError ? error.serverError : undefined) ?? messages.deletionFailed,
              variant: 'destructive',
            }),
        }),
    );
  }

  return (
    <section className="bg-paper">
      <div className="container-page grid gap-12 py-16 sm:py-24 lg:grid-cols-[1fr_1.1fr]">
        <div className="space-y-6">
          <p className="eyebrow">Your data, your choice</p>
          <h1 className="heading-1">Data Deletion Request</h1>
          <p className="lead max-w-xl">
            Under UK data protection law you can ask us to erase the personal data we hold about you. Tell us the email
            address you used with us and we will take it from there.
          </p>
          <PrivacyRequestSteps
            steps={[
              'You confirm the request from the link we email you.',
              'Our privacy team reviews it within 5 business days.',
              'We verify your identity and delete the data.',
              'You receive a final confirmation email.',
            ]}
          />
          <p className="text-sm text-ink-muted">The whole process typically takes 10-15 business days.</p>
          <p className="text-sm text-ink-muted">
            Want a copy of your data first? Use our{' '}
            <Link to="/data-access" className="font-medium text-beam underline underline-offset-4">
              data access request
            </Link>
            .
          </p>
          <p className="text-sm text-ink-muted">
            Questions? Email{' '}
            <a
              href={`mailto:${privacyEmail}`}
              onClick={() => trackEmailClick('data_deletion')}
              className="font-medium text-beam underline underline-offset-4"
            >
              {privacyEmail}
            </a>{' '}
            or read our{' '}
            <Link to="/privacy" className="font-medium text-beam underline underline-offset-4">
              Privacy Policy
            </Link>
            .
          </p>
        </div>

        {submitted ? (
          <Confirmation submitted={submitted} />
        ) : (
          <Card className="self-start">
            <CardHeader>
              <CardTitle as="h2">Submit your request</CardTitle>
              <CardDescription>All fields except the reason are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                ref={bindForm}
                noValidate
                onSubmit={(event) => void onSubmit(event)}
                className="space-y-6"
                aria-label="Data deletion request"
              >
                <PrivacyRequestEmailField
                  prefix="deletion"
                  value={email}
                  error={errors.email}
                  onChange={(value) => form.set('email', value)}
                />

                <Field label="Request type" {...form.field('requestType')}>
                  {(control) => (
                    <Select {...control} {...form.text('requestType')}>
                      {deletionRequestTypes.map((type) => (
                        <option key={type} value={type}>
                          {typeLabels[type]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>

                <Field
                  label="Reason (optional)"
                  {...form.field('reason')}
                  counter={{ value: reason.length, max: limits.deletionReasonMax }}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      {...form.text('reason')}
                      maxLength={limits.deletionReasonMax}
                      placeholder="Tell us why, if you like. It helps us improve."
                    />
                  )}
                </Field>

                <Alert variant="info" role="note" data-testid="deletion-information">
                  <Info className="size-4 text-beam" aria-hidden="true" />
                  <div>
                    <AlertTitle as="h3">Before you submit</AlertTitle>
                    <AlertDescription>
                      <ul className="mt-1 list-disc space-y-1 pl-4">
                        <li>
                          Full deletion removes all data tied to your email. Partial deletion means we contact you for
                          details.
                        </li>
                        <li>This action is permanent and cannot be undone.</li>
                        <li>Some data may be kept where the law requires it (for example for tax or legal claims).</li>
                        <li>To receive our communications again you will need to re-subscribe.</li>
                      </ul>
                    </AlertDescription>
                  </div>
                </Alert>

                <PrivacyRequestConsent
                  prefix="deletion"
                  checked={consent}
                  error={errors.consent}
                  onChange={(value) => form.set('consent', value)}
                >
                  I confirm that I own this email address, that I want my personal data deleted, and that I understand
                  this is permanent.
                </PrivacyRequestConsent>

                <PrivacyRequestSubmit pending={form.busy !== null}>
                  <ShieldCheck aria-hidden="true" />
                  Submit Deletion Request
                </PrivacyRequestSubmit>
                <p className="flex items-center gap-2 text-xs text-ink-muted">
                  <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
                  We only use this address to handle your request.
                </p>
              </form>
            </CardContent>
          </Card>
        )}
      </div>
    </section>
  );
}

function Confirmation({ submitted }: { submitted: Submitted }) {
  return (
    <PrivacyRequestConfirmation testId="deletion-confirmation" description={messages.deletionSubmitted}>
      <dl className="grid gap-4 rounded-2xl bg-mist p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">Request ID</dt>
          <dd className="font-mono font-semibold text-ink" data-testid="deletion-request-id">
            {submitted.requestId}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Submitted</dt>
          <dd className="font-semibold text-ink" data-testid="deletion-submitted-at">
            {formatDate(submitted.submittedAt, 'dd/MM/yyyy HH:mm:ss')}
          </dd>
        </div>
      </dl>
      <p className="flex items-start gap-2 text-sm text-ink-muted">
        <Mail className="mt-0.5 size-4 shrink-0 text-beam" aria-hidden="true" />A confirmation email has been sent to
        your address. Open the link in it to confirm the request.
      </p>
      <div>
        <h3 className="font-display text-base font-semibold">Next steps</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-ink-muted">
          <li>Confirm your request from the email we sent you.</li>
          <li>Our privacy team reviews it within 5 business days.</li>
          <li>We verify your identity and delete your data.</li>
          <li>You receive a final confirmation email. The whole process typically takes 10-15 business days.</li>
        </ol>
      </div>
    </PrivacyRequestConfirmation>
  );
}
