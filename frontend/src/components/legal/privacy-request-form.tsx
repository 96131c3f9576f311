import { CheckCircle2, Loader2 } from '@/components/ui/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { messages } from '@northbeam/common';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, fieldControl, FieldError, FieldHint, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * What the two privacy request forms (/data-deletion, /data-access: docs/product.md#privacy-requests)
 * have in common. `prefix` names their fields: `<prefix>-email`, `<prefix>-consent` and their errors
 * (the form's `useForm` id prefix); the controls carry the names the form holds their values under.
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
      describedBy={`${prefix}-email-hint`}
      hint={
        <FieldHint id={`${prefix}-email-hint`}>
          The address you used for our newsletter, playbook or contact form.
        </FieldHint>
      }
    >
      {(control) => (
        <Input
          {...control}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
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
          {...fieldControl(`${prefix}-consent`, error)}
          name="consent"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <Label htmlFor={`${prefix}-consent`} variant="muted">
          {children}
        </Label>
      </div>
      <FieldError field={`${prefix}-consent`} message={error} />
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
