import { useState, type FormEvent } from 'react';
import { leadMessages, messages } from '@northbeam/common';
import { toast } from '@/components/ui/toast';

/**
 * The e-mail entry of the newsletter and playbook widgets: trims, refuses an empty address with the
 * 'Email Required' toast, and runs `send` while `pending` is true; the field is cleared when `send`
 * answers true (the address was taken).
 */
export function useEmailCapture(send: (email: string) => Promise<boolean>) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const trimmed = email.trim();
    if (!trimmed) {
      toast({ title: leadMessages.emailRequiredTitle, description: messages.emailRequired, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      if (await send(trimmed)) setEmail('');
    } finally {
      setPending(false);
    }
  }

  return { email, setEmail, pending, onSubmit };
}
