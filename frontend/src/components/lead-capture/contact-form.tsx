import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { Loader2, Send, ShieldCheck } from '@/components/ui/icons';
import { contactServiceOptions, leadLimits, leadMessages, messages, looksLikeEmailAddress } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Field, fieldControl, FieldError, Label } from '@/components/ui/field';
import { useForm, type FormFieldErrors } from '@/components/ui/use-form';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useFormStart } from './use-form-start';
import { useTurnstile } from './use-turnstile';
import { cardSurface } from '@/components/ui/card';

interface ContactValues {
  name: string;
  email: string;
  company: string;
  service: string;
  message: string;
  consent: boolean;
  website: string;
}

const emptyValues: ContactValues = {
  name: '',
  email: '',
  company: '',
  service: '',
  message: '',
  consent: false,
  website: '',
};

/** The client-side half of the contact rules (docs/product.md#contact); the server applies the same rules again. */
function validate(values: ContactValues): FormFieldErrors {
  const errors: FormFieldErrors = {};
  if (values.name.trim().length < 1) errors.name = messages.nameRequired;
  if (!looksLikeEmailAddress(values.email.trim())) errors.email = messages.emailInvalid;
  if (values.message.trim().length < leadLimits.contactMessageMin) errors.message = messages.messageTooShort;
  if (!values.consent) errors.consent = messages.consentRequired;
  return errors;
}

export interface ContactFormProps {
  /** Fires once, on the first focus of the name field (again after a successful send). */
  onFormStart?: () => void;
  /** Fires after the server accepted a message (analytics: contact_form_submit). */
  onSubmitted?: (details: { service: string; hasCompany: boolean; messageLength: number }) => void;
  className?: string;
}

/** The contact form (docs/product.md#contact), with the Turnstile bot check and a hidden honeypot. */
export function ContactForm({ onFormStart, onSubmitted, className }: ContactFormProps) {
  const form = useForm<ContactValues>({ initial: emptyValues });
  // Taken apart: the form element's callback is a ref, the rest is state read while rendering.
  const { values, errors, bindForm } = form;
  const busy = form.busy !== null;
  const startedAt = useRef<number | null>(null);
  const { started, markStarted, resetStarted } = useFormStart(onFormStart);
  // Taken apart: the widget's container is a ref, the rest is state read while rendering.
  const {
    containerRef: turnstileContainer,
    mode: turnstileMode,
    token: turnstileToken,
    reset: resetTurnstile,
  } = useTurnstile();

  // The page's load time, for the server's "faster than a person" rule.
  useEffect(() => {
    startedAt.current = Date.now();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (form.showErrors(validate(values))) return;
    if (!turnstileToken) {
      toast({
        title: leadMessages.securityRequiredTitle,
        description: leadMessages.securityRequired,
        variant: 'destructive',
      });
      return;
    }
    await form.run(
      'submit',
      async () => {
        await apiRequest('POST', '/api/contact', {
          name: values.name.trim(),
          email: values.email.trim(),
          company: values.company.trim(),
          service: values.service,
          message: values.message.trim(),
          consent: values.consent,
          turnstileToken,
          website: values.website,
          startedAt: String(startedAt.current ?? Date.now()),
        });
        toast({ title: leadMessages.contactSentTitle, description: leadMessages.contactSent });
        onSubmitted?.({
          service: values.service,
          hasCompany: values.company.trim() !== '',
          messageLength: values.message.trim().length,
        });
        form.reset(emptyValues);
        resetStarted();
        resetTurnstile();
      },
      (error) => {
        toast({
          title: leadMessages.contactFailedTitle,
          description: leadMessages.contactFailed,
          variant: 'destructive',
        });
        // A Turnstile token is good for one check only.
        if (error instanceof ApiRequestError && error.status === 403) resetTurnstile();
      },
    );
  }

  return (
    <form
      ref={bindForm}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Contact form"
      data-testid="contact-form"
      data-started={started ? 'true' : 'false'}
      className={cn(cardSurface({ className: 'grid gap-5 p-6 sm:p-8' }), className)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" {...form.field('name')}>
          {(control) => (
            <Input {...control} {...form.text('name')} autoComplete="name" onFocus={markStarted} aria-required="true" />
          )}
        </Field>
        <Field label="Email" {...form.field('email')}>
          {(control) => (
            <Input {...control} {...form.text('email')} type="email" autoComplete="email" aria-required="true" />
          )}
        </Field>
        <Field
          label={
            <>
              Company <span className="font-normal text-ink-muted">(optional)</span>
            </>
          }
          {...form.field('company')}
        >
          {(control) => <Input {...control} {...form.text('company')} autoComplete="organization" />}
        </Field>
        <Field
          label={
            <>
              Service interest <span className="font-normal text-ink-muted">(optional)</span>
            </>
          }
          {...form.field('service')}
        >
          {(control) => (
            <Select {...control} {...form.text('service')} tone="clear">
              <option value="">Choose a service</option>
              {contactServiceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Field
        label="Message"
        {...form.field('message')}
        counter={{ value: values.message.length, max: leadLimits.contactMessageMax, live: true }}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.text('message')}
            rows={6}
            maxLength={leadLimits.contactMessageMax}
            placeholder="What are you building, and where are you stuck?"
            aria-required="true"
          />
        )}
      </Field>

      {/* Honeypot: people never see it; bots fill it in and are then quietly ignored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={form.fieldId('website')}>Website</label>
        <input id={form.fieldId('website')} {...form.text('website')} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <Checkbox {...fieldControl(form.fieldId('consent'), errors.consent)} {...form.checkbox('consent')} />
          <Label htmlFor={form.fieldId('consent')} variant="muted">
            {leadMessages.consentLabel}
          </Label>
        </div>
        <p className="pl-8 text-xs text-ink-muted">
          Read the{' '}
          <Link to="/terms" className="underline underline-offset-2 hover:text-ink">
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-ink">
            Privacy Policy
          </Link>
          .
        </p>
        <FieldError field={form.fieldId('consent')} message={errors.consent} />
      </div>

      <div className="grid gap-2">
        <div
          ref={turnstileContainer}
          data-testid="turnstile-widget"
          className={turnstileMode === 'widget' ? 'min-h-16' : 'hidden'}
        />
        {turnstileMode === 'fallback' ? (
          <p
            data-testid="turnstile-fallback"
            className="flex items-center gap-2 rounded-xl bg-mist px-4 py-3 text-sm text-ink-muted"
          >
            <ShieldCheck className="size-4 shrink-0 text-beam" aria-hidden="true" />
            Security verification is enabled in development mode.
          </p>
        ) : null}
        {turnstileMode === 'loading' ? (
          <p className="flex items-center gap-2 text-sm text-ink-muted">
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Loading security check…
          </p>
        ) : null}
      </div>

      <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">NDAs on day one. A reply within 48 hours.</p>
        <Button type="submit" size="lg" disabled={!turnstileToken || busy} className="w-full sm:w-auto">
          {busy ? (
            <>
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Sending...
            </>
          ) : (
            <>
              Send message
              <Send aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
