import { Laptop } from '@/components/ui/icons';
import { useState } from 'react';
import { formatDate, type StaffSession } from '@northbeam/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { apiRequest, errorSentence } from '@/lib/api';

/** The browsers where you are signed in; any but this one can be signed out. */
export function SessionsCard({ sessions, onEnded }: { sessions: StaffSession[]; onEnded: () => Promise<void> }) {
  const [ending, setEnding] = useState<string>();

  const endSession = async (session: StaffSession) => {
    setEnding(session.id);
    try {
      await apiRequest('DELETE', `/api/admin/account/sessions/${session.id}`);
      toast({ title: `Signed out of ${session.browser}` });
      await onEnded();
    } catch (error) {
      toast({ title: 'The session was not ended', description: errorSentence(error), variant: 'destructive' });
    } finally {
      setEnding(undefined);
    }
  };

  return (
    <Card className="self-start" data-testid="card-sessions">
      <CardHeader>
        <Laptop className="size-6 text-beam" aria-hidden="true" />
        <CardTitle as="h2">Where you are signed in</CardTitle>
        <CardDescription>Sign out of any browser you do not recognise or no longer use.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col" data-testid="sessions">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 border-t border-line py-4 first:border-0 first:pt-0"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                  {session.browser}
                  {session.current ? <Badge variant="secondary">This browser</Badge> : null}
                </p>
                <p className="mt-0.5 text-xs text-ink-muted">
                  Signed in {formatDate(session.firstSeenAt, 'd MMM yyyy, HH:mm')} · last seen{' '}
                  {formatDate(session.lastSeenAt, 'd MMM yyyy, HH:mm')}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={ending === session.id}
                  aria-label={`Sign out ${session.browser}, last seen ${formatDate(session.lastSeenAt, 'd MMM yyyy, HH:mm')}`}
                  onClick={() => void endSession(session)}
                >
                  {ending === session.id ? 'Signing out...' : 'Sign out'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
