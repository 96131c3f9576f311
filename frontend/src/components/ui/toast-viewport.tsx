import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from '@/components/ui/icons';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { limits } from '@northbeam/common';
import { cn } from '@/lib/cn';
import { dismissToast, removeToast, toastSnapshot, subscribeToToasts, type ToastItem } from './toast';

const serverSnapshot: ToastItem[] = [];

/** The Radix part of the toasts, loaded on the first toast (or F8) so that it stays out of a first visit's JavaScript. */
export default function ToastViewport({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const current = useSyncExternalStore(subscribeToToasts, toastSnapshot, () => serverSnapshot);
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Loaded by an F8 press: do what that press would have done had the viewport been there.
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <ToastPrimitive.Provider duration={limits.toastDurationMs} swipeDirection="right" swipeThreshold={50}>
      {current.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => (open ? undefined : dismissToast(item.id))}
          onAnimationEnd={() => (item.open ? undefined : removeToast(item.id))}
          data-testid="toast"
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-4 overflow-hidden rounded-2xl border p-5 pr-10 shadow-lift transition-all',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
            'data-[state=closed]:opacity-0 data-[state=open]:animate-fade-up',
            item.variant === 'destructive' ? 'border-danger bg-danger text-white' : 'border-line bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full p-1 opacity-70 transition-opacity hover:opacity-100"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={['F8']}
        className="fixed top-16 right-0 z-[100] flex max-h-[calc(100vh-4rem)] w-full flex-col p-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
