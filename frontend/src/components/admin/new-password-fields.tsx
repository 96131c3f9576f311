import { limits, passwordProblem } from '@northbeam/common';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { FormFields } from '@/components/ui/use-form';

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** Only the browser asks for the password twice, so only the browser says when the two differ. */
const passwordsDiffer = 'The two passwords do not match';

export function checkNewPassword(password: string, confirm: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  else if (password !== confirm) errors.confirm = passwordsDiffer;
  return errors;
}

/** A new password and its confirmation (the values `password` and `confirm` of the surrounding form). */
export function NewPasswordFields({
  form,
  label = 'Password',
}: {
  form: FormFields<'password' | 'confirm'>;
  label?: string;
}) {
  const hintId = form.fieldId('password-hint');
  return (
    <>
      <Field
        label={label}
        {...form.field('password')}
        describedBy={hintId}
        hint={
          <FieldHint id={hintId}>
            At least {limits.passwordMin} characters. A few unrelated words make a strong one.
          </FieldHint>
        }
      >
        {(control) => (
          <Input
            {...control}
            {...form.text('password')}
            type="password"
            autoComplete="new-password"
            maxLength={limits.passwordMax}
          />
        )}
      </Field>
      <Field label="Confirm password" {...form.field('confirm')}>
        {(control) => (
          <Input
            {...control}
            {...form.text('confirm')}
            type="password"
            autoComplete="new-password"
            maxLength={limits.passwordMax}
          />
        )}
      </Field>
    </>
  );
}
