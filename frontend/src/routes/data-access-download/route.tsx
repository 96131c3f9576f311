import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { accessReviewMessages, formatDate, messages, type AccessDownloadState } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { DeletionCard } from '@/components/legal/deletion-outcome';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, apiRequest, loadJson } from '@/lib/api';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Download Your Data',
    description: 'Download the copy of your data you asked for.',
    noindex: true,
  }),
};

type State = 'ready' | 'done' | 'invalid' | 'used' | 'expired';

/**
 * Whether the link still gives the file, asked without taking it: a used or expired link says so and
 * offers nothing to download (docs/product.md#privacy-requests).
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<AccessDownloadState> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return { state: 'expired' };
  try {
    return (
      (await loadJson<AccessDownloadState>(
        context,
        `/api/request-data-access/download?token=${encodeURIComponent(token)}`,
      )) ?? { state: 'expired' }
    );
  } catch {
    return { state: 'expired' };
  }
}

/**
 * Where the export-ready mail's link lands. Opening it takes nothing (mail scanners open links); the
 * button fetches the ZIP, once.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useLoaderData<typeof loader>();
  const [state, setState] = useState<State>(token ? link.state : 'invalid');
  const [downloadedAt, setDownloadedAt] = useState(link.state === 'used' ? link.downloadedAt : null);
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
      if (error instanceof ApiRequestError && error.status === 400) {
        // Used meanwhile (another tab) or just expired: the page says which.
        const now = await apiRequest('GET', `/api/request-data-access/download?token=${encodeURIComponent(token)}`)
          .then((answer) => answer.json() as Promise<AccessDownloadState>)
          .catch(() => ({ state: 'expired' }) as const);
        if (now.state === 'used') setDownloadedAt(now.downloadedAt);
        setState(now.state === 'ready' ? 'invalid' : now.state);
      } else toast({ title: 'Download failed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (state === 'used' || state === 'expired') {
    return (
      <DeletionCard
        tone="invalid"
        title={state === 'used' ? 'This link has already been used' : 'This link has expired'}
        actions={
          <Link to="/data-access" className={buttonVariants({ variant: 'default' })}>
            New request
          </Link>
        }
      >
        <p data-testid="download-link-state">
          {state === 'used'
            ? accessReviewMessages.downloadUsed(
                downloadedAt ? formatDate(downloadedAt, 'd MMM yyyy, HH:mm') : 'an earlier visit',
              )
            : accessReviewMessages.downloadExpired}
        </p>
      </DeletionCard>
    );
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
