import { CheckCircle2, FileArchive, Loader2, Mail } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { looksLikeEmailAddress, messages, site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { getVisitorId } from '@/lib/analytics';
import { readConsent } from '@/lib/consent';

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
      if (error instanceof ApiRequestError && error.status === 400) {
        try {
          const parsed = JSON.parse(error.bodyText) as { fieldErrors?: Record<string, string[]> };
          const fromServer: FieldErrors = {};
          for (const [field, list] of Object.entries(parsed.fieldErrors ?? {}))
            fromServer[field as FieldName] = list[0];
          setErrors(fromServer);
        } catch {
          // Not the error contract: the toast below still tells the visitor.
        }
      }
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
          <ol className="space-y-4 text-sm text-ink-muted">
            {[
              'You confirm the request from the link we email you.',
              'Our privacy team reviews it; we answer within one month.',
              'We email you a link to one ZIP file with every record we hold: as data (JSON) and as a readable page.',
              'The link works once, for 7 days; then the file is deleted.',
            ].map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-beam-soft font-display text-xs font-semibold text-beam">
                  {index + 1}
                </span>
                <span className="pt-1">{step}</span>
              </li>
            ))}
          </ol>
          <p className="text-sm text-ink-muted">
            Want your data erased instead? Use our{' '}
            <Link to="/data-deletion" className="font-medium text-beam underline underline-offset-4">
              data deletion request
            </Link>
            . Questions? Email{' '}
            <a href={`mailto:${site.privacyEmail}`} className="font-medium text-beam underline underline-offset-4">
              {site.privacyEmail}
            </a>
            .
          </p>
        </div>

        {requestId ? (
          <Confirmation requestId={requestId} />
        ) : (
          <Card className="self-start">
            <CardHeader>
              <CardTitle>Ask for your data</CardTitle>
              <CardDescription>Both fields are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                noValidate
                onSubmit={(event) => void onSubmit(event)}
                className="space-y-6"
                aria-label="Data access request"
              >
                <div className="space-y-2">
                  <Label htmlFor="access-email">Email address</Label>
                  <Input
                    id="access-email"
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    aria-invalid={errors.email ? true : undefined}
                    aria-describedby={errors.email ? 'access-email-error' : 'access-email-hint'}
                  />
                  <p id="access-email-hint" className="text-xs text-ink-muted">
                    The address you used for our newsletter, playbook or contact form.
                  </p>
                  <FieldError id="access-email-error" message={errors.email} />
                </div>
                <div className="space-y-2">
                  <div className="flex items-start gap-3">
                    <Checkbox
                      id="access-consent"
                      checked={consent}
                      onChange={(event) => setConsent(event.target.checked)}
                      aria-invalid={errors.consent ? true : undefined}
                      aria-describedby={errors.consent ? 'access-consent-error' : undefined}
                    />
                    <Label htmlFor="access-consent" variant="muted">
                      I confirm that I own this email address and want a copy of the personal data held about it.
                    </Label>
                  </div>
                  <FieldError id="access-consent-error" message={errors.consent} />
                </div>
                <Button type="submit" size="lg" className="w-full" disabled={pending}>
                  {pending ? (
                    <>
                      <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                      Submitting Request...
                    </>
                  ) : (
                    <>
                      <FileArchive aria-hidden="true" />
                      Request My Data
                    </>
                  )}
                </Button>
              </form>
            </CardContent>
          </Card>
        )}
      </div>
    </section>
  );
}

function Confirmation({ requestId }: { requestId: string }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.scrollIntoView({ block: 'center' });
    title.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Card className="self-start" data-testid="access-confirmation">
      <CardHeader>
        <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
        <h2 ref={title} tabIndex={-1} className="heading-3 outline-none">
          {messages.deletionSubmittedTitle}
        </h2>
        <CardDescription>{messages.accessSubmitted}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
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
        <Link to="/" className={buttonVariants({ variant: 'default' })}>
          Return to Homepage
        </Link>
      </CardContent>
    </Card>
  );
}
