import { Bell } from '@/components/ui/icons';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatDate, type NotificationPage, type StaffNotification } from '@northbeam/common';
import { useDismiss } from '@/hooks/use-dismiss';
import { apiRequest, requestJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { cardSurface } from '@/components/ui/card';

/** The event every bell of the page listens to: a notice was read in one of them. */
const bellChanged = 'northbeam:notifications-changed';

/**
 * The admin shell's bell: the signed-in person's notifications, newest first, with the unread count.
 * Opening one marks it read and goes where it points. Read in the browser only (after hydration and on
 * each navigation), so the server's page never waits for it.
 */
export function NotificationBell({ placement = 'below' }: { placement?: 'below' | 'above' }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [page, setPage] = useState<NotificationPage | null>(null);
  // Asked again on each navigation and after each change here; the panel is open for the page it was opened on.
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((current) => current + 1);
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (next: boolean) => setOpenAt(next ? pathname : null);
  const panelId = useId();
  const { trigger: button, panel } = useDismiss(open, () => setOpenAt(null));

  // Every bell of the shell (the phone bar's and the sidebar's) reads again when one of them changes something.
  useEffect(() => {
    const again = () => refresh();
    window.addEventListener(bellChanged, again);
    return () => window.removeEventListener(bellChanged, again);
  }, []);

  useEffect(() => {
    let current = true;
    requestJson<NotificationPage>('GET', '/api/admin/notifications')
      .then((answer) => {
        if (current) setPage(answer);
      })
      // The bell stays as it was; the next navigation asks again.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname, version]);

  const unread = page?.unread ?? 0;

  const openNotification = async (notification: StaffNotification) => {
    if (!notification.read) {
      // The count falls at once; the server's answer, read again below, then confirms it.
      setPage((current) =>
        current
          ? {
              ...current,
              unread: Math.max(0, current.unread - 1),
              items: current.items.map((item) => (item.id === notification.id ? { ...item, read: true } : item)),
            }
          : current,
      );
      await apiRequest('POST', `/api/admin/notifications/${notification.id}/read`).catch(() => undefined);
      window.dispatchEvent(new Event(bellChanged));
    }
    setOpen(false);
    if (notification.url !== pathname) await navigate(notification.url);
  };

  const markAllRead = async () => {
    setPage((current) =>
      current ? { ...current, unread: 0, items: current.items.map((item) => ({ ...item, read: true })) } : current,
    );
    await apiRequest('POST', '/api/admin/notifications/read').catch(() => undefined);
    window.dispatchEvent(new Event(bellChanged));
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className="relative inline-flex size-10 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-mist hover:text-ink"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => {
          if (!open) refresh();
          setOpen(!open);
        }}
        data-testid="notification-bell"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread ? (
          <span
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-beam px-1 text-[11px] leading-5 font-semibold text-white tabular-nums"
            aria-hidden="true"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className={cn(
            cardSurface({ className: 'z-50 max-h-[70vh] overflow-y-auto' }),
            // Under the phone bar's bell, or opening up and to the right from the foot of the sidebar.
            placement === 'below'
              ? 'fixed inset-x-3 top-32 sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96'
              : 'absolute bottom-0 left-12 w-96',
          )}
          data-testid="notification-panel"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <p className="text-sm font-semibold text-ink">Notifications</p>
            {unread ? (
              <button
                type="button"
                className="text-xs font-medium text-beam hover:underline"
                onClick={() => void markAllRead()}
              >
                Mark all read
              </button>
            ) : null}
          </div>
          {page && page.items.length > 0 ? (
            <ul className="divide-y divide-line">
              {page.items.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    className={cn(
                      'flex w-full flex-col gap-1 px-4 py-3 text-left transition-colors hover:bg-mist',
                      notification.read ? 'text-ink-muted' : 'text-ink',
                    )}
                    onClick={() => void openNotification(notification)}
                    data-testid="notification-item"
                    data-read={notification.read ? 'true' : 'false'}
                  >
                    <span className="flex items-start gap-2 text-sm">
                      {notification.read ? null : (
                        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-beam" aria-label="Unread" />
                      )}
                      <span className={cn('break-words', notification.read ? '' : 'font-medium')}>
                        {notification.title}
                      </span>
                    </span>
                    <time className="text-xs text-ink-muted" dateTime={notification.createdAt}>
                      {formatDate(notification.createdAt, 'd MMM yyyy, HH:mm')}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-4 py-8 text-center text-sm text-ink-muted">No notifications yet.</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
