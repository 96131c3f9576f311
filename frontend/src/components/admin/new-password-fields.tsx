import { useId } from 'react';
import { limits, passwordProblem } from '@northbeam/common';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

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

/** A new password and its confirmation (fields `password` and `confirm` of the surrounding form). */
export function NewPasswordFields({ errors, label = 'Password' }: { errors: NewPasswordErrors; label?: string }) {
  const ids = { password: useId(), hint: useId(), confirm: useId() };
  return (
    <>
      <Field
        label={label}
        htmlFor={ids.password}
        error={errors.password}
        describedBy={ids.hint}
        hint={
          <FieldHint id={ids.hint}>
            At least {limits.passwordMin} characters. A few unrelated words make a strong one.
          </FieldHint>
        }
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="new-password"
            maxLength={limits.passwordMax}
          />
        )}
      </Field>
      <Field label="Confirm password" htmlFor={ids.confirm} error={errors.confirm}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="confirm"
            autoComplete="new-password"
            maxLength={limits.passwordMax}
          />
        )}
      </Field>
    </>
  );
}
