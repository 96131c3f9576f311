import { leadMessages, type SubscribeSource } from '@northbeam/common';
import { toast } from '@/components/ui/toast';
import { trackNewsletterSignup } from '@/lib/analytics';

/**
 * POST /api/subscribe as docs/product.md#api says: reads `message` for the success toast and, on a non-ok
 * status, `error` for the failure toast.
 */
export async function subscribeToNewsletter(email: string, source: SubscribeSource): Promise<boolean> {
  try {
    const response = await fetch('/api/subscribe', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, source, page: window.location.pathname }),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
    if (!response.ok) {
      toast({
        title: leadMessages.subscribeFailedTitle,
        description: body.error ?? leadMessages.subscribeFailed,
        variant: 'destructive',
      });
      return false;
    }
    toast({ title: leadMessages.subscribeSuccessTitle, description: body.message });
    trackNewsletterSignup(email, source);
    return true;
  } catch {
    toast({
      title: leadMessages.subscribeFailedTitle,
      description: leadMessages.subscribeFailed,
      variant: 'destructive',
    });
    return false;
  }
}
