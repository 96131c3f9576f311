import { useId, useRef, useState } from 'react';
import { formatDate, siteSettingsLimits, siteSettingsMessages, type SiteSettings } from '@northbeam/common';
import { useRevalidator } from '@/app/data-router';
import { formatBytes, uploadMultipart } from '@/components/admin/media/media-client';
import { Button } from '@/components/ui/button';
import { fieldControl, FieldError, FieldHint, Label } from '@/components/ui/field';
import { RotateCcw, Upload } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { errorSentence, requestJson } from '@/lib/api';

/** Uploads the playbook PDF. */
function uploadPlaybook(file: File): Promise<SiteSettings> {
  return uploadMultipart<SiteSettings>('/api/admin/settings/playbook', { file });
}

/**
 * The playbook the gated download hands out: the uploaded PDF, or the one shipped with the site. A
 * chosen file is uploaded at once (not with the form's Save); the server checks that it is a PDF
 * within the size limit.
 */
export function PlaybookDocumentField({ settings }: { settings: SiteSettings }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const uploaded = settings.playbookDocument;

  const run = async (work: () => Promise<SiteSettings>, done: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
      toast({ title: done });
      await revalidator.revalidate();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="settings-playbook">
      <Label htmlFor={`${id}-file`}>Playbook document</Label>
      <p className="text-sm break-words text-ink" data-testid="settings-playbook-current">
        {uploaded ? (
          <>
            <a href={settings.playbookUrl} className="font-medium text-beam underline underline-offset-4">
              {uploaded.fileName}
            </a>{' '}
            <span className="text-ink-muted">
              ({formatBytes(uploaded.bytes)}, uploaded {formatDate(uploaded.uploadedAt, 'd MMM yyyy, HH:mm')}
              {uploaded.uploadedByName ? ` by ${uploaded.uploadedByName}` : ''})
            </span>
          </>
        ) : (
          <>
            <a href={settings.playbookUrl} className="font-medium text-beam underline underline-offset-4">
              The playbook shipped with the site
            </a>{' '}
            <span className="text-ink-muted">(until a PDF is uploaded)</span>
          </>
        )}
      </p>
      <input
        ref={input}
        {...fieldControl(`${id}-file`, problem, `${id}-hint`)}
        type="file"
        accept="application/pdf,.pdf"
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void run(() => uploadPlaybook(file), siteSettingsMessages.playbookUploaded);
        }}
        data-testid="settings-playbook-file"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          {busy ? 'Uploading...' : 'Upload a PDF'}
        </Button>
        {uploaded ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() =>
              void run(
                () => requestJson<SiteSettings>('DELETE', '/api/admin/settings/playbook'),
                siteSettingsMessages.playbookReset,
              )
            }
          >
            <RotateCcw aria-hidden="true" />
            Use the shipped playbook
          </Button>
        ) : null}
      </div>
      <FieldHint id={`${id}-hint`}>
        A PDF of at most {siteSettingsLimits.playbookMaxBytes / (1024 * 1024)} MB. The download form hands it out as
        soon as it is uploaded.
      </FieldHint>
      <FieldError field={`${id}-file`} message={problem} />
    </div>
  );
}
