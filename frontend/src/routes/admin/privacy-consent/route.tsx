import { Download, Search } from '@/components/ui/icons';
import { useState, type FormEvent } from 'react';
import { consentIdPattern, formatDate, messages, type ConsentProof, type StaffUser } from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { PrivacyRecordsHeader, PrivacyTeamOnly } from '@/components/admin/privacy-records';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/field';
import { ApiRequestError, apiRequest, errorSentence } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';
import { useForm } from '@/components/ui/use-form';

export const handle: RouteHandle = {
  head: () => ({ title: 'Consent records', description: 'Look up a cookie consent record.', noindex: true }),
};

export async function loader({ context, request }: LoaderFunctionArgs): Promise<{ user: StaffUser }> {
  return { user: await requireStaffUser(context, request) };
}

/** The privacy team looks a consent id up and exports the record as proof (docs/product.md#consent-records). */
export function Component() {
  const { user } = useLoaderData<typeof loader>();
  const form = useForm<{ consentId: string }>({ initial: { consentId: '' } });
  const { bindForm } = form;
  const { problem } = form;
  const [record, setRecord] = useState<ConsentProof | null>(null);

  if (user.permissions.privacy !== 'all') {
    return (
      <PrivacyTeamOnly>Only admins and super admins (the privacy team) can look up consent records.</PrivacyTeamOnly>
    );
  }

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = form.values.consentId.trim().toUpperCase();
    setRecord(null);
    if (!consentIdPattern.test(id)) {
      form.setProblem(messages.consentNotFound);
      return;
    }
    await form.run(
      'submit',
      async () => {
        const response = await apiRequest('GET', `/api/admin/privacy/consent/${encodeURIComponent(id)}`);
        setRecord((await response.json()) as ConsentProof);
        form.setProblem(undefined);
      },
      (error) => form.setProblem(error instanceof ApiRequestError ? errorSentence(error) : 'Please try again.'),
    );
  }

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <PrivacyRecordsHeader
        title="Consent records"
        description="Each cookie-banner choice is stored under a random consent id, with its categories and the version of the banner wording, without IP. A visitor finds their id on the Cookie Policy page."
      />
      <Card className="mt-8">
        <CardContent className="space-y-6 pt-6">
          <form
            ref={bindForm}
            onSubmit={(event) => void lookUp(event)}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            role="search"
          >
            <div className="min-w-0 flex-1 space-y-1.5">
              <Label htmlFor={form.fieldId('consentId')}>Consent id</Label>
              <Input
                id={form.fieldId('consentId')}
                {...form.text('consentId')}
                placeholder="CNS-…"
                autoComplete="off"
              />
            </div>
            <Button type="submit" disabled={form.busy !== null}>
              <Search aria-hidden="true" />
              Look up
            </Button>
          </form>
          {problem ? (
            <Alert variant="destructive">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          ) : null}
          {record ? (
            <div className="space-y-4" data-testid="consent-record">
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-ink-muted">Consent id</dt>
                <dd className="font-mono break-all">{record.consentId}</dd>
                <dt className="text-ink-muted">Recorded</dt>
                <dd>{formatDate(record.recordedAt, 'd MMM yyyy, HH:mm')} (UK time)</dd>
                <dt className="text-ink-muted">Choice</dt>
                <dd>{record.action.replace('_', ' ')}</dd>
                <dt className="text-ink-muted">Analytics</dt>
                <dd>{record.analytics ? 'accepted' : 'refused'}</dd>
                <dt className="text-ink-muted">Marketing</dt>
                <dd>{record.marketing ? 'accepted' : 'refused'}</dd>
                <dt className="text-ink-muted">Banner wording version</dt>
                <dd className="font-mono">{record.bannerVersion}</dd>
              </dl>
              <a
                href={`/api/admin/privacy/consent/${encodeURIComponent(record.consentId)}/export`}
                download
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <Download aria-hidden="true" />
                Export the record
              </a>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
