import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Trash2 } from '@/components/ui/icons';
import {
  enquiryLimits,
  replyTemplateActions,
  site,
  type ReplyTemplate,
  type SaveReplyTemplateRequest,
  type StaffUser,
} from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { BackLink } from '@/components/admin/back-link';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DocumentRefusal } from '@/components/admin/document-editor/document-load-error';
import { loadOrRefusal } from '@/components/admin/document-editor/load-document';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { apiRequest, errorSentence, requestJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Reply template',
    description: `A saved reply to ${site.name} enquiries.`,
    noindex: true,
  }),
};

interface TemplateData {
  user: StaffUser;
  /** Null for a new template. */
  template: ReplyTemplate | null;
  refusal?: string;
}

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<TemplateData> {
  const user = await requireStaffUser(context, request);
  const refusal = 'Only admins can change reply templates.';
  if (!params.id)
    return replyTemplateActions(null, user).includes('edit')
      ? { user, template: null }
      : { user, template: null, refusal };
  const result = await loadOrRefusal<ReplyTemplate>(
    context,
    request,
    `/api/admin/reply-templates/${encodeURIComponent(params.id)}`,
  );
  // The editor opens only where the server says this template may be changed.
  if (result.value && !result.value.actions.includes('edit')) return { user, template: null, refusal };
  return { user, template: result.value, refusal: result.refusal };
}

const back = { to: '/admin/reply-templates', label: 'All reply templates' };
const backLink = <BackLink to={back.to}>{back.label}</BackLink>;

export function Component() {
  const { template, refusal } = useLoaderData<typeof loader>();
  if (refusal) return <DocumentRefusal refusal={refusal} back={back} />;
  return <TemplateEditor key={template?.id ?? 'new'} template={template} />;
}

function TemplateEditor({ template }: { template: ReplyTemplate | null }) {
  const navigate = useNavigate();
  const form = useForm<SaveReplyTemplateRequest, 'save' | 'delete'>({
    initial: { name: template?.name ?? '', body: template?.body ?? '' },
  });
  const { bindForm } = form;
  const { values, problem } = form;
  const busy = form.busy !== null;
  const [confirming, setConfirming] = useState(false);
  const bodyHint = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    form.showErrors({});
    form.setProblem(undefined);
    await form.run(
      'save',
      async () => {
        if (template) {
          await requestJson<ReplyTemplate>('PUT', `/api/admin/reply-templates/${template.id}`, values);
          toast({ title: 'Template saved' });
        } else {
          await requestJson<ReplyTemplate>('POST', '/api/admin/reply-templates', values);
          toast({ title: 'Template created' });
        }
        await navigate('/admin/reply-templates');
        return 'leaving';
      },
      (error) => form.fail(error, { fieldsOnly: true }),
    );
  };

  const remove = async () => {
    if (!template) return;
    await form.run(
      'delete',
      async () => {
        await apiRequest('DELETE', `/api/admin/reply-templates/${template.id}`);
        toast({ title: 'Template deleted' });
        await navigate('/admin/reply-templates', { replace: true });
        return 'leaving';
      },
      (error) => {
        form.setProblem(errorSentence(error));
        setConfirming(false);
      },
    );
  };

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      {backLink}
      <div className="mt-4">
        <AdminPageHeader
          eyebrow="Reply templates"
          title={template ? template.name : 'New reply template'}
          actions={
            template?.actions.includes('delete') ? (
              <Button variant="outline" onClick={() => setConfirming(true)} disabled={busy}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null
          }
        />
      </div>
      {problem ? (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <Card className="mt-8 max-w-3xl">
        <CardContent className="pt-6">
          <form ref={bindForm} onSubmit={(event) => void save(event)} className="flex flex-col gap-5" noValidate>
            <Field
              label="Name"
              {...form.field('name')}
              counter={{ value: values.name.length, max: enquiryLimits.templateNameMax }}
            >
              {(control) => <Input {...control} {...form.text('name')} />}
            </Field>
            <Field
              label="Text"
              {...form.field('body')}
              describedBy={bodyHint}
              hint={
                <FieldHint id={bodyHint}>
                  Staff start a reply from this text and change it before sending. {'{name}'} becomes the
                  enquirer&rsquo;s name; a blank line starts a new paragraph.
                </FieldHint>
              }
              counter={{ value: values.body.length, max: enquiryLimits.replyMax }}
            >
              {(control) => <Textarea {...control} {...form.text('body')} rows={10} />}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {template ? 'Save template' : 'Create template'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        busy={form.busy === 'delete'}
        onClose={() => setConfirming(false)}
        title="Delete this template?"
        description={`"${template?.name ?? ''}" is removed for everyone. Replies already sent stay in their enquiries.`}
        confirmLabel="Delete template"
        busyLabel="Deleting..."
        onConfirm={() => void remove()}
      />
    </section>
  );
}
