import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * The one way a disclosure (a row's actions, the notification bell, the admin and site menus) closes:
 * while it is open, Escape closes it and returns focus to its button (that Escape is taken: the
 * cookie banner's own Escape waits until no disclosure is open), and a press anywhere outside the
 * button and the panel closes it. Gives the refs its button and its panel carry.
 */
export function useDismiss<Panel extends HTMLElement = HTMLDivElement>(open: boolean, close: () => void) {
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<Panel>(null);
  const onClose = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
      trigger.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return { trigger, panel };
}
