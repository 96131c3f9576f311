import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * One text field of the settings form; `path` is the server's name for it (`social.linkedin`,
 * `products.0.href`), which gives its id and finds its error.
 */
export function SettingsTextField({
  path,
  label,
  value,
  onChange,
  type = 'text',
  error,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  error?: string;
}) {
  return (
    <Field label={label} htmlFor={`settings-${path.replace(/\./g, '-')}`} error={error}>
      {(control) => <Input {...control} type={type} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}
