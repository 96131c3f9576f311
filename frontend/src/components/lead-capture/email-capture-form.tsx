import { useId } from 'react';
import { Loader2 } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import { useEmailCapture } from './use-email-capture';

interface EmailCaptureFormProps {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  onSend: (email: string) => Promise<boolean>;
  /** Stack the button under the field (narrow widgets) instead of beside it. */
  stacked?: boolean;
  tone?: 'light' | 'dark';
  testId?: string;
}

/** An e-mail field and a button; empty entries get the 'Email Required' toast. */
export function EmailCaptureForm({
  label,
  submitLabel,
  pendingLabel,
  onSend,
  stacked,
  tone = 'light',
  testId,
}: EmailCaptureFormProps) {
  const id = useId();
  // Until the page is hydrated a click would submit the form natively and put the address in the URL.
  const hydrated = useHydrated();
  const capture = useEmailCapture(onSend);
  // Taken apart: the form element's callback is a ref, the rest is state read while rendering.
  const { bindForm } = capture.form;
  return (
    <form
      ref={bindForm}
      noValidate
      onSubmit={(event) => void capture.onSubmit(event)}
      className={cn('flex gap-2', stacked ? 'flex-col' : 'flex-col sm:flex-row')}
      data-testid={testId}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        {...capture.form.text('email')}
        type="email"
        required
        autoComplete="email"
        placeholder="you@company.co.uk"
        tone={tone}
        className={cn('min-w-0', !stacked && 'sm:flex-1')}
      />
      <Button type="submit" disabled={!hydrated || capture.pending} variant={tone === 'dark' ? 'secondary' : 'default'}>
        {capture.pending ? (
          <>
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            {pendingLabel}
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
