import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Toasts (docs/product.md#ui): one visible at a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses
 * the viewport, at most 420 px wide on medium screens. Radix Toast supplies the accessible parts.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const toastLimit = 1;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, toastLimit));
  return id;
}

export function dismissToast(id: number) {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
}

export function removeToast(id: number) {
  emit(items.filter((item) => item.id !== id));
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastSnapshot(): ToastItem[] {
  return items;
}

const ToastViewport = lazy(() => import('./toast-viewport'));
const noToasts = () => false;

/** Mounts the toast viewport once a toast is shown or F8 is pressed; before that nothing of Radix is loaded. */
export function Toaster() {
  const anyToast = useSyncExternalStore(subscribeToToasts, () => items.length > 0, noToasts);
  const [loaded, setLoaded] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  // Once mounted, the viewport stays: a toast that leaves still animates out in it.
  if (anyToast && !loaded) setLoaded(true);
  useEffect(() => {
    if (loaded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      setFocusOnMount(true);
      setLoaded(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [loaded]);
  if (!anyToast && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport focusOnMount={focusOnMount} />
    </Suspense>
  );
}
