import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '@northbeam/common';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { ApiRequestError } from '@/lib/api';

/**
 * What the two privacy request forms (/data-deletion, /data-access: docs/product.md#privacy-requests)
 * have in common. `prefix` names their fields: `<prefix>-email`, `<prefix>-consent` and their errors.
 */

/** The numbered steps beside a form. */
export function PrivacyRequestSteps({ steps }: { steps: string[] }) {
  return (
    <ol className="space-y-4 text-sm text-ink-muted">
      {steps.map((step, index) => (
        <li key={step} className="flex gap-3">
          <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-beam-soft font-display text-xs font-semibold text-beam">
            {index + 1}
          </span>
          <span className="pt-1">{step}</span>
        </li>
      ))}
    </ol>
  );
}

export function PrivacyRequestEmailField({
  prefix,
  value,
  error,
  onChange,
}: {
  prefix: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label="Email address"
      htmlFor={`${prefix}-email`}
      error={error}
      errorId={`${prefix}-email-error`}
      hint={
        <FieldHint id={`${prefix}-email-hint`}>
          The address you used for our newsletter, playbook or contact form.
        </FieldHint>
      }
    >
      <Input
        id={`${prefix}-email`}
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${prefix}-email-error` : `${prefix}-email-hint`}
      />
    </Field>
  );
}

/** The confirmation checkbox; `children` is its sentence. */
export function PrivacyRequestConsent({
  prefix,
  checked,
  error,
  onChange,
  children,
}: {
  prefix: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${prefix}-consent`}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${prefix}-consent-error` : undefined}
        />
        <Label htmlFor={`${prefix}-consent`} variant="muted">
          {children}
        </Label>
      </div>
      <FieldError id={`${prefix}-consent-error`} message={error} />
    </div>
  );
}

export function PrivacyRequestSubmit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending}>
      {pending ? (
        <>
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Submitting Request...
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** The first sentence of each field the server refused (400 with `fieldErrors`); undefined otherwise. */
export function serverFieldErrors<Name extends string>(error: unknown): Partial<Record<Name, string>> | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  try {
    const parsed = JSON.parse(error.bodyText) as { fieldErrors?: Record<string, string[]> };
    const found: Partial<Record<Name, string>> = {};
    for (const [field, list] of Object.entries(parsed.fieldErrors ?? {})) found[field as Name] = list[0];
    return found;
  } catch {
    // Not the error contract: the form's toast still tells the visitor.
    return undefined;
  }
}

/**
 * The card that replaces a sent form. Its title is brought into view and focused for screen readers;
 * `children` are the request's facts, above the link home.
 */
export function PrivacyRequestConfirmation({
  testId,
  description,
  children,
}: {
  testId: string;
  description: string;
  children: ReactNode;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.scrollIntoView({ block: 'center' });
    title.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Card className="self-start" data-testid={testId}>
      <CardHeader>
        <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
        <h2 ref={title} tabIndex={-1} className="heading-3 outline-none">
          {messages.deletionSubmittedTitle}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {children}
        <Link to="/" className={buttonVariants({ variant: 'default' })}>
          Return to Homepage
        </Link>
      </CardContent>
    </Card>
  );
}
