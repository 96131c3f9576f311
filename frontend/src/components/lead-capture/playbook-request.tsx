import { useLocation } from 'react-router-dom';
import { leadMessages } from '@northbeam/common';
import { toast } from '@/components/ui/toast';
import { trackPlaybookDownload } from '@/lib/analytics';
import { apiRequest, ApiRequestError } from '@/lib/api';
import { EmailCaptureForm } from './email-capture-form';

/**
 * What the opened playbook widget asks (docs/product.md#lead-capture): an e-mail address, sent with
 * the page it was asked on; the server's download address goes to `onReceived`. Loaded with the
 * widget's opening, not with the page.
 */
export function PlaybookRequest({ onReceived }: { onReceived: (downloadUrl: string) => void }) {
  const { pathname } = useLocation();

  async function request(email: string): Promise<boolean> {
    try {
      const response = await apiRequest('POST', '/api/playbook-download', { email, page: pathname });
      const body = (await response.json()) as { downloadUrl: string };
      onReceived(body.downloadUrl);
      toast({ title: leadMessages.playbookSuccessTitle, description: leadMessages.playbookSuccess });
      trackPlaybookDownload(email);
      return true;
    } catch (error) {
      const serverError = error instanceof ApiRequestError ? error.serverError : undefined;
      toast({
        title: leadMessages.playbookFailedTitle,
        description: serverError ?? leadMessages.playbookFailed,
        variant: 'destructive',
      });
      return false;
    }
  }

  return (
    <EmailCaptureForm
      label="Email address for the playbook"
      submitLabel="Get the Playbook"
      pendingLabel="Sending..."
      stacked
      onSend={request}
    />
  );
}
