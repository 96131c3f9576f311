import { useState } from 'react';
import {
  site,
  type EnquiryDetail,
  type ListPage,
  type ReplyTemplate,
  type StaffUser,
  type UpdateEnquiryRequest,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { BackLink } from '@/components/admin/back-link';
import { DocumentRefusal } from '@/components/admin/document-editor/document-load-error';
import { loadOrRefusal } from '@/components/admin/document-editor/load-document';
import { EnquiryStatusBadge } from '@/components/admin/enquiry-status-badge';
import { toast } from '@/components/ui/toast';
import { errorSentence, loadJson, requestJson } from '@/lib/api';
import { activeStaffMembers, requireStaffUser } from '@/lib/staff';
import { HandlingCard, HistoryCard, MessageCard, ReadingPathCard } from './enquiry-cards';
import { NotesCard } from './enquiry-notes';
import { RepliesCard } from './enquiry-replies';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Enquiry',
    description: `An enquiry sent through the ${site.name} contact form.`,
    noindex: true,
  }),
};

/** No template saved yet (or none readable): the reply form offers none. */
const noTemplates: ListPage<ReplyTemplate> = { items: [], total: 0, page: 1, pageSize: 0 };

interface EnquiryData {
  user: StaffUser;
  enquiry: EnquiryDetail | null;
  assignees: { id: string; name: string }[];
  /** The first page of saved replies, by name (the reply form asks for the others). */
  templates: ListPage<ReplyTemplate>;
  /** The server's refusal (not found, not assigned to you). */
  refusal?: string;
}

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<EnquiryData> {
  const user = await requireStaffUser(context, request);
  const id = encodeURIComponent(params.id ?? '');
  const [result, templates] = await Promise.all([
    loadOrRefusal<EnquiryDetail>(context, request, `/api/admin/enquiries/${id}`),
    loadJson<ListPage<ReplyTemplate>>(context, '/api/admin/reply-templates'),
  ]);
  // The people to assign it to, only where the server says this enquiry may be reassigned.
  const assignees = result.value?.actions.includes('assign') ? await activeStaffMembers(context, user) : [];
  return { user, enquiry: result.value, assignees, templates: templates ?? noTemplates, refusal: result.refusal };
}

const back = { to: '/admin/enquiries', label: 'All enquiries' };
const backLink = <BackLink to={back.to}>{back.label}</BackLink>;

export function Component() {
  const { enquiry, assignees, templates, refusal } = useLoaderData<typeof loader>();
  if (!enquiry) return <DocumentRefusal refusal={refusal ?? ''} back={back} />;
  return <EnquiryScreen key={enquiry.id} enquiry={enquiry} assignees={assignees} templates={templates} />;
}

/** The enquiry, with the controls its `actions` allow (the server says what this reader may do). */
function EnquiryScreen({
  enquiry,
  assignees,
  templates,
}: {
  enquiry: EnquiryDetail;
  assignees: { id: string; name: string }[];
  templates: ListPage<ReplyTemplate>;
}) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const reload = () => void revalidator.revalidate();

  const change = async (changes: UpdateEnquiryRequest, done: string) => {
    setBusy(true);
    try {
      await requestJson<EnquiryDetail>('PATCH', `/api/admin/enquiries/${enquiry.id}`, changes);
      toast({ title: done });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      {backLink}
      <div className="mt-4">
        <AdminPageHeader
          eyebrow="Enquiry"
          title={enquiry.name}
          description={enquiry.company ?? undefined}
          actions={<EnquiryStatusBadge status={enquiry.status} />}
        />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <MessageCard enquiry={enquiry} />
        <HandlingCard
          enquiry={enquiry}
          assignees={assignees}
          canAssign={enquiry.actions.includes('assign')}
          canChangeStatus={enquiry.actions.includes('change_status')}
          busy={busy}
          change={(changes, done) => void change(changes, done)}
        />
        <RepliesCard
          enquiry={enquiry}
          templates={templates}
          canReply={enquiry.actions.includes('reply')}
          onSent={reload}
        />
        <HistoryCard enquiry={enquiry} />
        <NotesCard enquiry={enquiry} canAddNote={enquiry.actions.includes('add_note')} onAdded={reload} />
        <ReadingPathCard enquiry={enquiry} />
      </div>
    </section>
  );
}
