import { Download, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

/** The filters of a list as they stand in the address, without the page: what its CSV export takes. */
export function exportQuery(params: URLSearchParams, names: readonly string[]): string {
  const filters = new URLSearchParams(
    names.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  ).toString();
  return filters ? `?${filters}` : '';
}

/** The "Export CSV" link of a list: a download of every match of its filters. */
export function ExportCsvLink({ href, testId }: { href: string; testId: string }) {
  return (
    <a href={href} download className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid={testId}>
      <Download aria-hidden="true" />
      Export CSV
    </a>
  );
}

/** The search box of a filter form. */
export function ListSearchInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative min-w-0">
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-10"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A labelled select of a filter form; the empty option clears the filter. */
export function ListFilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | undefined) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-ink-muted">
        {label}
      </Label>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        {children}
      </Select>
    </div>
  );
}

/** A labelled day picker of a filter form (`YYYY-MM-DD` in the address). */
export function ListDayInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-ink-muted">
        {label}
      </Label>
      <Input id={id} type="date" value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} />
    </div>
  );
}
