import { Check, Copy, Download } from '@/components/ui/icons';
import { useState } from 'react';
import { site } from '@northbeam/common';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** The ten one-use recovery codes, shown once: to copy, download or write down. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const [copied, setCopied] = useState(false);
  const text = `${site.name} admin recovery codes for ${email}\nEach code works once.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${site.name.toLowerCase().replace(/\s+/g, '-')}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4">
      <Alert variant="info">
        <AlertTitle>Save these codes now</AlertTitle>
        <AlertDescription>
          If you lose your phone, each code signs you in once instead of an app code. They will not be shown again.
        </AlertDescription>
      </Alert>
      <ol
        className="grid grid-cols-2 gap-2 rounded-2xl bg-ink p-4 font-mono text-sm text-white sm:p-5"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-white/10 px-3 py-2 text-center tracking-wider select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          Download as text
        </Button>
      </div>
    </div>
  );
}
