import type { FormEvent } from 'react';
import { leadMessages, messages } from '@northbeam/common';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';

/**
 * The e-mail entry of the newsletter and playbook widgets, on the one form mechanism: trims, refuses
 * an empty address with the 'Email Required' toast, and runs `send` while the form is busy; the field
 * is cleared when `send` answers true (the address was taken).
 */
export function useEmailCapture(send: (email: string) => Promise<boolean>) {
  const form = useForm<{ email: string }>({ initial: { email: '' } });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.busy) return;
    const trimmed = form.values.email.trim();
    if (!trimmed) {
      toast({ title: leadMessages.emailRequiredTitle, description: messages.emailRequired, variant: 'destructive' });
      return;
    }
    // `send` tells its own failures (a toast); nothing is thrown to the form.
    await form.run('submit', async () => {
      if (await send(trimmed)) form.reset({ email: '' });
    });
  }

  return { form, pending: form.busy !== null, onSubmit };
}
