import { useId } from 'react';
import { messages, staffLimits } from '@northbeam/common';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formText } from '@/lib/form-text';

/**
 * A staff member's name, as its form reads it: the name (trimmed), or the sentence that an empty one
 * is refused with. The same rule renames your own account and, for a super admin, anyone's.
 */
export function staffNameFrom(form: HTMLFormElement): { name: string; error?: undefined } | { error: string } {
  const name = formText(new FormData(form), 'name').trim();
  return name ? { name } : { error: messages.nameRequired };
}

/** The name field of a staff account (your own on the account page, anyone's in the staff list's dialog). */
export function StaffNameField({
  defaultValue,
  error,
  autoComplete,
}: {
  defaultValue: string;
  error?: string;
  /** `name` for your own name (the browser may offer it), `off` for someone else's. */
  autoComplete: 'name' | 'off';
}) {
  const id = useId();
  return (
    <Field label="Name" htmlFor={id} error={error}>
      {(control) => (
        <Input
          {...control}
          name="name"
          defaultValue={defaultValue}
          maxLength={staffLimits.nameMax}
          autoComplete={autoComplete}
        />
      )}
    </Field>
  );
}
