import { Download, Search } from '@/components/ui/icons';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { useListScreenFilters } from '@/hooks/use-list-filters';
import { cn } from '@/lib/cn';
import { cardSurface } from '@/components/ui/card';

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

/** The filters of a list screen (useListScreenFilters), as the fields of its filter bar read them. */
export type ListFilterState = ReturnType<typeof useListScreenFilters>;

const FilterContext = createContext<ListFilterState | null>(null);

/** Hands a screen's filters to the filter fields below it, where they stand outside a ListFilterBar. */
export const ListFilterScope = FilterContext.Provider;

function useFilterState(): ListFilterState {
  const state = useContext(FilterContext);
  if (!state) throw new Error('A list filter field stands inside a ListFilterBar or a ListFilterScope.');
  return state;
}

/**
 * The filter bar of an admin list: a search form with its search box first (Enter searches at once)
 * when the list has a search, else a group; the screen lays the fields out (`className`). "Clear
 * filters" shows while any filter is set, unless the screen offers it elsewhere.
 */
export function ListFilterBar({
  filters,
  label = 'Filters',
  search,
  clearable = true,
  className,
  children,
}: {
  filters: ListFilterState;
  /** The accessible name of the bar (null: none). */
  label?: string | null;
  search?: { label: string; placeholder: string; className?: string; maxLength?: number };
  clearable?: boolean;
  className: string;
  children?: ReactNode;
}) {
  const classes = cn(cardSurface({ className: 'p-4' }), className);
  const content = (
    <FilterContext.Provider value={filters}>
      {search ? <ListSearchInput {...search} value={filters.search.query} onChange={filters.search.setQuery} /> : null}
      {children}
      {clearable && filters.filtered ? (
        <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={filters.clear}>
          Clear filters
        </Button>
      ) : null}
    </FilterContext.Provider>
  );
  if (!search)
    return (
      <div role="group" aria-label={label ?? undefined} className={classes}>
        {content}
      </div>
    );
  return (
    <form
      role="search"
      aria-label={label ?? undefined}
      onSubmit={(event) => {
        event.preventDefault();
        filters.search.submit();
      }}
      className={classes}
    >
      {content}
    </form>
  );
}

/** The search box of a filter bar. */
export function ListSearchInput({
  label,
  placeholder,
  value,
  onChange,
  maxLength,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  className?: string;
}) {
  return (
    <div className={cn('relative min-w-0', className)}>
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
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A labelled select of a filter bar, for the address parameter `name`: the empty option (`any`)
 * clears the filter; `options` are value and label pairs, `children` any options after them.
 */
export function ListFilterSelect({
  name,
  label,
  any,
  options = [],
  className,
  selectClassName,
  children,
}: {
  name: string;
  label: string;
  any: string;
  options?: readonly (readonly [value: string, label: string])[];
  /** Where the field stands in the bar's grid. */
  className?: string;
  /** The select's own width, where the bar gives it one. */
  selectClassName?: string;
  children?: ReactNode;
}) {
  const { params, setFilters } = useFilterState();
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className="text-xs text-ink-muted">
        {label}
      </Label>
      <Select
        id={id}
        className={selectClassName}
        value={params.get(name) ?? ''}
        onChange={(event) => setFilters({ [name]: event.target.value || undefined })}
      >
        <option value="">{any}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {children}
      </Select>
    </div>
  );
}

/** A labelled day picker of a filter bar (`YYYY-MM-DD` in the address). */
export function ListDayInput({
  id,
  label,
  value,
  onChange,
  min,
  max,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | undefined) => void;
  min?: string;
  max?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-ink-muted">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

/**
 * The From and To days of a filter bar (`from` and `to` in the address), side by side in `className`
 * (or straight in the bar without it); `bounded` keeps To on or after From in the pickers.
 */
export function ListDateRange({ bounded = false, className }: { bounded?: boolean; className?: string }) {
  const { params, setFilters } = useFilterState();
  const ids = { from: useId(), to: useId() };
  const from = params.get('from');
  const to = params.get('to');
  const days = (
    <>
      <ListDayInput
        id={ids.from}
        label="From"
        value={from}
        max={bounded ? (to ?? undefined) : undefined}
        onChange={(value) => setFilters({ from: value })}
      />
      <ListDayInput
        id={ids.to}
        label="To"
        value={to}
        min={bounded ? (from ?? undefined) : undefined}
        onChange={(value) => setFilters({ to: value })}
      />
    </>
  );
  return className ? <div className={className}>{days}</div> : days;
}
