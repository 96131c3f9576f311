import { Bell } from '@/components/ui/icons';
import { useId, useState } from 'react';
import {
  notificationKindLabels,
  notificationKindsFor,
  type NotificationKind,
  type NotificationPreferences,
  type StaffUser,
} from '@northbeam/common';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { errorSentence, requestJson } from '@/lib/api';

/** Each notification kind, on or off for this person (mail and bell alike); saved as it is ticked. */
export function NotificationsCard({ user, preferences }: { user: StaffUser; preferences: NotificationPreferences }) {
  const [off, setOff] = useState<NotificationKind[]>(preferences.off);
  const [busy, setBusy] = useState(false);
  const idPrefix = useId();
  const kinds = notificationKindsFor(user.permissions);
  const toggle = async (kind: NotificationKind, on: boolean) => {
    const next = on ? off.filter((item) => item !== kind) : [...off, kind];
    setBusy(true);
    try {
      const saved = await requestJson<NotificationPreferences>('PUT', '/api/admin/account/notifications', {
        off: next,
      });
      setOff(saved.off);
      toast({ title: `${notificationKindLabels[kind].label}: ${on ? 'on' : 'off'}` });
    } catch (error) {
      toast({ title: 'Not saved', description: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="card-notifications">
      <CardHeader>
        <Bell className="size-6 text-beam" aria-hidden="true" />
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>
          What you are told by mail and under the bell. Untick a kind to receive neither.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4">
          {kinds.map((kind) => {
            const id = `${idPrefix}-${kind}`;
            return (
              <li key={kind} className="flex items-start gap-3">
                <Checkbox
                  id={id}
                  checked={!off.includes(kind)}
                  disabled={busy}
                  onChange={(event) => void toggle(kind, event.target.checked)}
                  aria-describedby={`${id}-hint`}
                />
                <div className="flex min-w-0 flex-col gap-0.5">
                  <Label htmlFor={id}>{notificationKindLabels[kind].label}</Label>
                  <p id={`${id}-hint`} className="text-xs leading-relaxed text-ink-muted">
                    {notificationKindLabels[kind].description}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
