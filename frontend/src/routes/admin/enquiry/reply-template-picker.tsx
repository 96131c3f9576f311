import { useId, useState } from 'react';
import type { ListPage, ReplyTemplate } from '@northbeam/common';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useServerSearch } from '@/hooks/use-server-search';
import { errorSentence, requestJson } from '@/lib/api';

/** The templates found so far: the pages read of one search (`search` '' for every template). */
interface FoundTemplates {
  search: string;
  items: ReplyTemplate[];
  total: number;
  page: number;
}

const templatesPage = (search: string, page: number) => {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('q', search);
  return requestJson<ListPage<ReplyTemplate>>('GET', `/api/admin/reply-templates?${query}`);
};

const foundFrom = (search: string, page: ListPage<ReplyTemplate>): FoundTemplates => ({
  search,
  items: page.items,
  total: page.total,
  page: page.page,
});

/**
 * "Start from a template": the saved replies by name, a page at a time as the server gives them.
 * While there are more than one page holds, a search (by name or text) and "More templates" reach
 * every one of them.
 */
export function ReplyTemplatePicker({
  first,
  onChoose,
}: {
  /** The first page of every template, from the screen's loader. */
  first: ListPage<ReplyTemplate>;
  onChoose: (template: ReplyTemplate) => void;
}) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState(() => foundFrom('', first));
  const [loadingMore, setLoadingMore] = useState(false);
  const id = useId();
  useServerSearch(
    search,
    (text) => (text ? templatesPage(text, 1) : Promise.resolve(first)),
    (page) => setFound(foundFrom(search.trim(), page)),
  );
  if (first.total === 0) return null;

  const more = async () => {
    setLoadingMore(true);
    try {
      const next = await templatesPage(found.search, found.page + 1);
      setFound((current) =>
        current.search === found.search
          ? { ...current, items: [...current.items, ...next.items], total: next.total, page: next.page }
          : current,
      );
    } catch (error) {
      toast({ title: errorSentence(error), variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  };

  const paged = first.total > first.items.length;
  return (
    <div className="flex flex-col gap-1.5" data-testid="reply-template-picker">
      <Label htmlFor={id}>Start from a template</Label>
      {paged ? (
        <Input
          type="search"
          aria-label="Search reply templates"
          placeholder="Search templates by name or text..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      ) : null}
      <Select
        id={id}
        value=""
        onChange={(event) => {
          const chosen = found.items.find((template) => template.id === event.target.value);
          if (chosen) onChoose(chosen);
        }}
      >
        <option value="">{found.items.length === 0 ? 'No template matches the search' : 'Choose a template…'}</option>
        {found.items.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </Select>
      {paged ? (
        <div className="flex flex-wrap items-center gap-3 text-xs text-ink-muted">
          <span data-testid="reply-template-count">
            {found.items.length} of {found.total} {found.search ? 'found' : 'templates'}
          </span>
          {found.items.length < found.total ? (
            <Button variant="link" size="inline" disabled={loadingMore} onClick={() => void more()}>
              {loadingMore ? 'Loading...' : 'More templates'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
