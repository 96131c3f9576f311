import type { ReactNode } from 'react';
import type { ListPage } from '@northbeam/common';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ListPager } from '@/components/blog/pager';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * An admin list screen: its header, the filters (and whatever stands above the list), the server's
 * sentence on the filters, the list or its empty state, the pager, then the screen's dialogs.
 */
export function ListScreen({
  header,
  filters,
  problem,
  problemHidesList = false,
  list,
  empty,
  frame,
  noun,
  items,
  children,
}: {
  header: ReactNode;
  filters?: ReactNode;
  problem?: string;
  /** The server's sentence stands instead of the (empty) list, not above it. */
  problemHidesList?: boolean;
  list: ListPage<unknown>;
  /** What stands for a list with no items (see ListEmptyCard). */
  empty: ReactNode;
  /** One frame around the list and its empty state alike. */
  frame?: (content: ReactNode) => ReactNode;
  /** What the pager counts ("3 of 40 enquiries"). */
  noun: string;
  items: ReactNode;
  children?: ReactNode;
}) {
  const content = list.items.length === 0 ? empty : items;
  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      {header}
      {filters}
      {problem ? (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      {problem && problemHidesList ? null : frame ? frame(content) : content}
      <ListPager list={list} noun={noun} />
      {children}
    </section>
  );
}

/** The empty state of a list: one sentence in a card (`className` places the card; mt-6 by default). */
export function ListEmptyCard({
  testId,
  className = 'mt-6',
  children,
}: {
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <ListEmptyText testId={testId}>{children}</ListEmptyText>
    </Card>
  );
}

/** The sentence of an empty list, where the list's own frame stands around it. */
export function ListEmptyText({
  testId,
  className,
  children,
}: {
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p className={cn('text-sm text-ink-muted', className ?? 'py-14 text-center')} data-testid={testId}>
      {children}
    </p>
  );
}

/** A list screen the server refused as a whole (a role without access): its title and the sentence. */
export function ListScreenRefusal({ title, problem }: { title: string; problem?: string }) {
  return (
    <section className="container-page py-10 sm:py-14">
      <AdminPageHeader title={title} />
      <Alert variant="destructive" className="mt-8">
        <AlertDescription>{problem}</AlertDescription>
      </Alert>
    </section>
  );
}
