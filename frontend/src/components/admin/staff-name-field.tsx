import { messages, staffLimits } from '@northbeam/common';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { FormFields } from '@/components/ui/use-form';

/**
 * A staff member's name as its form holds it: the name (trimmed), or the sentence that an empty one
 * is refused with. The same rule renames your own account and, for a super admin, anyone's.
 */
export function staffNameFrom(typed: string): { name: string; error?: undefined } | { error: string } {
  const name = typed.trim();
  return name ? { name } : { error: messages.nameRequired };
}

/** The name field of a staff account (your own on the account page, anyone's in the staff list's dialog). */
export function StaffNameField({
  form,
  autoComplete,
}: {
  /** The form that holds the name (its value `name`). */
  form: FormFields<'name'>;
  /** `name` for your own name (the browser may offer it), `off` for someone else's. */
  autoComplete: 'name' | 'off';
}) {
  return (
    <Field label="Name" {...form.field('name')}>
      {(control) => (
        <Input {...control} {...form.text('name')} maxLength={staffLimits.nameMax} autoComplete={autoComplete} />
      )}
    </Field>
  );
}
