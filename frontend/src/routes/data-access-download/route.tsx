import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { messages } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { DeletionCard } from '@/components/legal/deletion-outcome';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest } from '@/lib/api';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Download Your Data',
    description: 'Download the copy of your data you asked for.',
    noindex: true,
  }),
};

type State = 'ready' | 'done' | 'invalid';

/**
 * Where the export-ready mail's link lands. Opening it takes nothing (mail scanners open links); the
 * button fetches the ZIP, once.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'ready' : 'invalid');
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const response = await apiRequest('POST', '/api/request-data-access/download', { token });
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'your-data.zip';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('done');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) setState('invalid');
      else toast({ title: 'Download failed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (state === 'invalid') {
    return (
      <DeletionCard
        tone="invalid"
        title="This link is not valid"
        actions={
          <Link to="/data-access" className={buttonVariants({ variant: 'default' })}>
            New request
          </Link>
        }
      >
        <p>{messages.accessDownloadInvalid}</p>
      </DeletionCard>
    );
  }
  return (
    <DeletionCard
      tone={state === 'done' ? 'ok' : 'confirm'}
      title={state === 'done' ? 'Your data is downloaded' : 'Download your data'}
      actions={
        state === 'done' ? (
          <Link to="/" className={buttonVariants({ variant: 'default' })}>
            Return to Homepage
          </Link>
        ) : (
          <Button size="lg" onClick={() => void download()} disabled={busy}>
            {busy ? 'Preparing...' : 'Download my data (ZIP)'}
          </Button>
        )
      }
    >
      <p>
        {state === 'done'
          ? 'The file is saved by your browser. The link is now used up and the copy on our side is deleted.'
          : 'One ZIP file with every record we hold about your email address, as data (JSON) and as a readable page. The link works once.'}
      </p>
    </DeletionCard>
  );
}
