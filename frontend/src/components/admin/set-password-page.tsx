import { LinkIcon, type IconComponent } from '@/components/ui/icons';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { AuthCard } from '@/components/admin/auth-card';
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from '@/components/admin/new-password-fields';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { ApiRequestError, errorSentence, loadJson } from '@/lib/api';
import { useForm, type FormState } from '@/components/ui/use-form';

/** What a link's loader found: its details, or why the link no longer works. */
export type EmailedLink<T> = (T & { problem?: undefined }) | { problem: string };

/**
 * The details behind an emailed link (an invitation, a password reset): a link that expired or was
 * used already is said so at once, before any typing.
 */
export async function loadEmailedLink<T extends object>(
  context: unknown,
  path: string,
  invalid: string,
): Promise<EmailedLink<T>> {
  try {
    const found = await loadJson<T>(context, path);
    return found ?? { problem: invalid };
  } catch (error) {
    return { problem: error instanceof ApiRequestError ? errorSentence(error) : invalid };
  }
}

export type SetPasswordErrors = NewPasswordErrors & Record<string, string | undefined>;

/** What a set-password form holds: the new password twice, and a name where the page asks for one. */
export interface SetPasswordValues {
  name: string;
  password: string;
  confirm: string;
}

export type SetPasswordForm = FormState<SetPasswordValues>;

/**
 * The page of an emailed link that sets a password (an invitation, a password reset): the link's
 * refusal, the form (any fields of its own, then the new password twice), and the server's answer. A
 * link that stops working meanwhile (410) turns the page into its refusal.
 */
export function SetPasswordPage({
  problem: linkProblem,
  refused,
  icon,
  eyebrow,
  title,
  description,
  email,
  passwordLabel,
  fields,
  check,
  submit,
  failed,
  done,
  submitLabel,
  busyLabel,
}: {
  /** Why the link no longer works, from the loader. */
  problem?: string;
  refused: { title: string; testId: string; next: ReactNode };
  icon: IconComponent;
  eyebrow: string;
  title: string;
  description: ReactNode;
  /** The account's address, for the browser's password manager. */
  email: string;
  passwordLabel?: string;
  /** The form's own fields, before the password. */
  fields?: (form: SetPasswordForm) => ReactNode;
  /** The form's own checks: an error by field name. */
  check?: (values: SetPasswordValues) => SetPasswordErrors;
  /** Sends the form; its answer is the server's sentence, or nothing when the page has moved on (signed in). */
  submit: (values: SetPasswordValues) => Promise<string | undefined>;
  /** The title of the server's refusal of the form. */
  failed: string;
  /** The card that shows the server's sentence (a page whose `submit` moves on needs none). */
  done?: { title: string; testId: string };
  submitLabel: string;
  busyLabel: string;
}) {
  const hydrated = useHydrated();
  const form = useForm<SetPasswordValues>({ initial: { name: '', password: '', confirm: '' } });
  const { bindForm } = form;
  const [problem, setProblem] = useState(linkProblem);
  const [answer, setAnswer] = useState<string>();
  const busy = form.busy !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { values } = form;
    form.setProblem(undefined);
    if (form.showErrors({ ...check?.(values), ...checkNewPassword(values.password, values.confirm) })) return;
    await form.run(
      'submit',
      async () => {
        setAnswer(await submit(values));
      },
      (failure) => {
        if (failure instanceof ApiRequestError && failure.status === 410) setProblem(errorSentence(failure));
        else form.setProblem(errorSentence(failure));
      },
    );
  };

  if (problem ?? linkProblem) {
    return (
      <AuthCard icon={LinkIcon} eyebrow={eyebrow} title={refused.title}>
        <Alert variant="destructive" data-testid={refused.testId}>
          <AlertDescription>{problem ?? linkProblem}</AlertDescription>
        </Alert>
        {refused.next}
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={icon} eyebrow={eyebrow} title={title} description={description}>
      {answer && done ? (
        <>
          <Alert variant="info" data-testid={done.testId}>
            <AlertTitle>{done.title}</AlertTitle>
            <AlertDescription>{answer}</AlertDescription>
          </Alert>
          <Link to="/admin/login" className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
            Sign in
          </Link>
        </>
      ) : (
        <form ref={bindForm} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
          {form.problem ? (
            <Alert variant="destructive">
              <AlertTitle>{failed}</AlertTitle>
              <AlertDescription>{form.problem}</AlertDescription>
            </Alert>
          ) : null}
          <input type="hidden" name="username" autoComplete="username" value={email} />
          {fields?.(form)}
          <NewPasswordFields form={form} label={passwordLabel} />
          <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full">
            {busy ? busyLabel : submitLabel}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
