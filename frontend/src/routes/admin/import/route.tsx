import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import {
  importCountKinds,
  importMessages,
  messages,
  postSections,
  site,
  type ImportCounts,
  type ImportJob,
  type ImportKind,
  type SiteExportSummary,
  type ImportPreview,
  type ImportSectionMapping,
  type ImportStarted,
  type PostSection,
  type StaffUser,
} from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ListScreenRefusal } from '@/components/admin/list-screen';
import { uploadMultipart } from '@/components/admin/media/media-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { errorSentence, requestJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Import',
    description: `Bring a WordPress or Ghost blog into the ${site.name} site.`,
    noindex: true,
  }),
};

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  return { user };
}

const kindLabels = {
  wordpress: 'WordPress export (WXR)',
  ghost: 'Ghost export (JSON)',
  northbeam: `${site.name} site export (ZIP)`,
} as const;
const sectionLabels: Record<PostSection, string> = { labs: 'Labs', consulting: 'Consulting' };
const countLabels: Record<(typeof importCountKinds)[number], string> = {
  posts: 'Posts',
  tags: 'Tags',
  authors: 'Authors',
  images: 'Images',
  redirects: 'Redirects',
  caseStudies: 'Case studies',
  teamMembers: 'Team members',
  settings: 'Settings',
};

/** Case studies, team members and settings come only from this site's own export: listed for that kind alone. */
const countKindsOf = (kind: ImportKind) =>
  kind === 'northbeam' ? importCountKinds : importCountKinds.filter((count) => importCountKinds.indexOf(count) < 5);

/** Everything a preview would bring in, all kinds together. */
const newRecords = (counts: ImportCounts) => importCountKinds.reduce((sum, kind) => sum + counts[kind].imported, 0);

/** "3.4 MB", "820 KB": the size of the export, rounded. */
function sizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** How often the screen asks how a running import is getting on. */
const pollMs = 1000;

function CountsTable({ counts, preview, kind }: { counts: ImportCounts; preview: boolean; kind: ImportKind }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-left text-sm" data-testid="import-counts">
        <thead className="text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              &nbsp;
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {preview ? 'New' : 'Imported'}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {preview ? 'Already here' : 'Skipped'}
            </th>
            <th scope="col" className="py-2 font-medium">
              {preview ? 'Refused' : 'Failed'}
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {countKindsOf(kind).map((count) => (
            <tr key={count} className="border-t border-line" data-testid={`import-count-${count}`}>
              <th scope="row" className="py-2 pr-4 font-medium text-ink">
                {countLabels[count]}
              </th>
              <td className="py-2 pr-4">{counts[count].imported}</td>
              <td className="py-2 pr-4">{counts[count].skipped}</td>
              <td className="py-2">{counts[count].failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Export button: the whole site as one ZIP (docs/export-format.md), which this screen reads back.
 * What it holds and about how big it is come from the export's summary.
 */
function ExportCard() {
  const [summary, setSummary] = useState<SiteExportSummary>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    requestJson<SiteExportSummary>('GET', '/api/admin/exports/site/summary').then(setSummary, (error: unknown) =>
      setProblem(errorSentence(error)),
    );
  }, []);
  return (
    <Card className="mt-8 p-4 md:p-6" data-testid="export-card">
      <h2 className="font-display text-xl font-semibold text-ink">Export this site</h2>
      <p className="mt-1 text-sm text-ink-muted">
        One ZIP file with every post, case study, team member, the settings, every redirect and tag, and every image
        with its bytes: what this screen imports into another {site.name} site. Staff accounts, enquiries, subscribers
        and analytics are not in it (they are in the backup).
      </p>
      {summary ? (
        <p className="mt-3 text-sm text-ink" data-testid="export-summary">
          {summary.posts} {summary.posts === 1 ? 'post' : 'posts'}, {summary.caseStudies}{' '}
          {summary.caseStudies === 1 ? 'case study' : 'case studies'}, {summary.teamMembers}{' '}
          {summary.teamMembers === 1 ? 'team member' : 'team members'}, {summary.redirects}{' '}
          {summary.redirects === 1 ? 'redirect' : 'redirects'}, {summary.tags} {summary.tags === 1 ? 'tag' : 'tags'},{' '}
          {summary.media} {summary.media === 1 ? 'image' : 'images'} ({summary.mediaObjects} stored files): about{' '}
          {sizeLabel(summary.bytes)}.
        </p>
      ) : null}
      {problem ? (
        <Alert variant="destructive" className="mt-4">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <div className="mt-4">
        <a href="/api/admin/exports/site" download className={buttonVariants()} data-testid="export-download">
          Export
        </a>
      </div>
    </Card>
  );
}

function Problems({ problems, testId }: { problems: string[]; testId: string }) {
  if (problems.length === 0) return <p className="mt-4 text-sm text-ink-muted">No problems.</p>;
  return (
    <details className="mt-4" open={problems.length <= 10}>
      <summary className="cursor-pointer text-sm font-semibold text-ink">
        {problems.length} {problems.length === 1 ? 'thing' : 'things'} to know
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm wrap-anywhere text-ink" data-testid={testId}>
        {problems.map((problem, index) => (
          <li key={index}>{problem}</li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Import a WordPress or Ghost site (docs/import.md): the file is first sent as a dry run, which shows
 * what would come in and lets the categories be mapped to sections; Import then sends it again to
 * run, and the screen follows the job until it ends.
 */
export function Component() {
  const { user } = useLoaderData<typeof loader>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [mapping, setMapping] = useState<ImportSectionMapping>({});
  const [job, setJob] = useState<ImportJob>();
  const fileInput = useRef<HTMLInputElement>(null);

  // Follows a queued or running job until it ends.
  useEffect(() => {
    if (!job || job.state === 'done' || job.state === 'failed') return;
    const timer = setTimeout(() => {
      requestJson<ImportJob>('GET', `/api/admin/imports/${job.id}`).then(setJob, (error: unknown) =>
        setProblem(errorSentence(error)),
      );
    }, pollMs);
    return () => clearTimeout(timer);
  }, [job]);

  if (user.permissions.imports === 'none') return <ListScreenRefusal title="Import" problem={messages.forbidden} />;

  const runPreview = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setPreview(undefined);
    setJob(undefined);
    if (!file) return setProblem(importMessages.fileRequired);
    setBusy('preview');
    try {
      const answer = await uploadMultipart<ImportPreview>('/api/admin/imports', { file, dryRun: 'true' });
      setPreview(answer);
      setMapping(Object.fromEntries(answer.categories.map((category) => [category.name, category.section])));
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!file || !preview) return;
    setProblem(undefined);
    setBusy('import');
    try {
      const started = await uploadMultipart<ImportStarted>('/api/admin/imports', {
        file,
        sections: JSON.stringify(mapping),
      });
      setJob(await requestJson<ImportJob>('GET', `/api/admin/imports/${started.id}`));
      setPreview(undefined);
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  const startOver = () => {
    setJob(undefined);
    setPreview(undefined);
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const nothingNew = preview
    ? preview.kind === 'northbeam'
      ? newRecords(preview.counts) === 0
      : preview.counts.posts.imported === 0
    : true;
  const percent = job ? Math.round((100 * job.progress.done) / Math.max(1, job.progress.total)) : 0;
  const finished = job && (job.state === 'done' || job.state === 'failed');

  return (
    <section className="container-page py-10 sm:py-14">
      <AdminPageHeader
        title="Import"
        description="Bring the posts of a WordPress or Ghost blog into this site: their tags, authors, images and dates, with their old addresses redirected to the new ones. Or bring in another site's export of this site, and export this one. Nothing is written until you have seen the preview; importing the same file again adds nothing new."
      />

      {!job ? (
        <Card className="mt-8 p-4 md:p-6">
          <form
            className="grid gap-4 md:grid-cols-[1fr_auto] md:items-end"
            onSubmit={(event) => void runPreview(event)}
          >
            <div className="grid gap-2">
              <label htmlFor="import-file" className="text-sm font-semibold text-ink">
                Export file
              </label>
              <input
                id="import-file"
                ref={fileInput}
                type="file"
                accept=".xml,.json,.zip,application/xml,text/xml,application/json,application/zip"
                className="block w-full min-w-0 text-sm text-ink file:mr-4 file:rounded-full file:border-0 file:bg-mist file:px-4 file:py-2 file:font-medium"
                data-testid="import-file"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setPreview(undefined);
                }}
              />
              <p className="text-sm text-ink-muted">
                WordPress: Tools → Export → All content (.xml). Ghost: Settings → Labs → Export (.json). This
                site&apos;s own export (.zip, from Export below). Up to 100 MB.
              </p>
            </div>
            <Button type="submit" disabled={busy !== null} data-testid="import-preview-button">
              {busy === 'preview' ? 'Reading the file...' : 'Preview'}
            </Button>
          </form>
          {problem ? (
            <Alert variant="destructive" className="mt-4" data-testid="import-problem">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          ) : null}
        </Card>
      ) : null}

      {preview ? (
        <Card className="mt-6 p-4 md:p-6" data-testid="import-preview">
          <h2 className="font-display text-xl font-semibold text-ink">What would be imported</h2>
          <p className="mt-1 text-sm text-ink-muted">
            {kindLabels[preview.kind]} · {preview.filename} · {preview.statuses.published} published,{' '}
            {preview.statuses.draft} {preview.statuses.draft === 1 ? 'draft' : 'drafts'}
          </p>
          <div className="mt-4">
            <CountsTable counts={preview.counts} preview kind={preview.kind} />
          </div>
          {preview.kind === 'northbeam' ? (
            <p className="mt-3 text-sm text-ink-muted">
              Every record keeps its id, section and address; images come with their bytes from the file. A record
              already here is left as it is; nothing in this site is changed.
            </p>
          ) : (
            <p className="mt-3 text-sm text-ink-muted">
              {preview.images} {preview.images === 1 ? 'image' : 'images'} referenced: each is fetched into the media
              library during the run; one that cannot be reached is listed then, and its post keeps the old address.
            </p>
          )}

          {preview.categories.length > 0 ? (
            <fieldset className="mt-6">
              <legend className="text-sm font-semibold text-ink">Sections</legend>
              <p className="text-sm text-ink-muted">Each category&apos;s posts go to the section chosen here.</p>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="import-mapping">
                {preview.categories.map((category, index) => (
                  <li key={category.name} className="grid gap-1">
                    <label htmlFor={`import-section-${index}`} className="text-sm wrap-anywhere text-ink">
                      {category.name || 'No category'}{' '}
                      <span className="text-ink-muted">
                        ({category.posts} {category.posts === 1 ? 'post' : 'posts'})
                      </span>
                    </label>
                    <Select
                      id={`import-section-${index}`}
                      value={mapping[category.name] ?? category.section}
                      onChange={(event) =>
                        setMapping({ ...mapping, [category.name]: event.target.value as PostSection })
                      }
                    >
                      {postSections.map((section) => (
                        <option key={section} value={section}>
                          {sectionLabels[section]}
                        </option>
                      ))}
                    </Select>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}

          {preview.slugClashes.length > 0 ? (
            <div className="mt-6">
              <h3 className="text-sm font-semibold text-ink">Addresses already taken</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm wrap-anywhere text-ink" data-testid="import-clashes">
                {preview.slugClashes.map((clash) => (
                  <li key={`${clash.slug}-${clash.newSlug}`}>
                    “{clash.title}” would be at …/{clash.newSlug} ({clash.slug} is taken)
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <Problems problems={preview.problems} testId="import-preview-problems" />

          <div className="mt-6 flex flex-wrap gap-3">
            <Button
              type="button"
              onClick={() => void runImport()}
              disabled={busy !== null || nothingNew}
              data-testid="import-run"
            >
              {busy === 'import' ? 'Starting...' : 'Import'}
            </Button>
            {nothingNew ? (
              <p className="self-center text-sm text-ink-muted">
                {preview.kind === 'northbeam'
                  ? 'Everything in this file is here already.'
                  : 'Every post of this file is here already.'}
              </p>
            ) : null}
          </div>
        </Card>
      ) : null}

      {job ? (
        <Card className="mt-8 p-4 md:p-6" data-testid="import-job">
          <h2 className="font-display text-xl font-semibold text-ink">
            {job.state === 'done'
              ? 'Import finished'
              : job.state === 'failed'
                ? 'Import stopped'
                : job.state === 'queued'
                  ? 'Import waiting to start'
                  : 'Importing...'}
          </h2>
          <p className="mt-1 text-sm wrap-anywhere text-ink-muted">{job.filename}</p>
          <div className="mt-4">
            <div
              role="progressbar"
              aria-label="Import progress"
              aria-valuemin={0}
              aria-valuemax={job.progress.total}
              aria-valuenow={job.progress.done}
              className="h-3 w-full overflow-hidden rounded-full bg-mist"
              data-testid="import-progress"
            >
              <div className="h-full rounded-full bg-ink transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-2 text-sm text-ink tabular-nums">
              {job.progress.done} of {job.progress.total} {job.kind === 'northbeam' ? 'records' : 'posts'}
            </p>
          </div>
          <div className="mt-4" data-testid={finished ? 'import-result' : undefined}>
            <CountsTable counts={job.counts} preview={false} kind={job.kind} />
          </div>
          {finished ? <Problems problems={job.problems} testId="import-problems" /> : null}
          {problem ? (
            <Alert variant="destructive" className="mt-4">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          ) : null}
          {finished ? (
            <div className="mt-6 flex flex-wrap gap-3">
              <Button type="button" variant="outline" onClick={startOver}>
                Import another file
              </Button>
              <Link to="/admin/posts" className={buttonVariants({ variant: 'ghost' })}>
                See the posts
              </Link>
            </div>
          ) : null}
        </Card>
      ) : null}

      {user.permissions.settings === 'all' ? <ExportCard /> : null}
    </section>
  );
}
