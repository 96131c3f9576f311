import { useCallback, useEffect, useRef, useState } from 'react';
import { leadLimits, leadMessages, turnstileFallbackToken } from '@northbeam/common';
import { toast } from '@/components/ui/toast';

const scriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export type TurnstileMode = 'loading' | 'widget' | 'fallback';

let siteKeyPromise: Promise<string | null> | undefined;

/** The public site key from the server, asked once per page. */
function fetchSiteKey(): Promise<string | null> {
  siteKeyPromise ??= fetch('/api/config/public', { credentials: 'include' })
    .then((response) =>
      response.ok ? (response.json() as Promise<{ turnstileSiteKey: string | null }>) : { turnstileSiteKey: null },
    )
    .then((body) => body.turnstileSiteKey)
    .catch(() => null);
  return siteKeyPromise;
}

function loadScript(): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.turnstile = 'true';
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error('Turnstile script failed to load'));
    };
    document.head.appendChild(script);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads the script, retrying once after 1 s; then checks for the global after 100 ms. */
async function loadTurnstile(): Promise<TurnstileApi | undefined> {
  if (window.turnstile) return window.turnstile;
  try {
    await loadScript();
  } catch {
    await wait(leadLimits.turnstileRetryDelayMs);
    try {
      await loadScript();
    } catch {
      return undefined;
    }
  }
  await wait(leadLimits.turnstileGlobalCheckDelayMs);
  return window.turnstile;
}

/**
 * The bot check (docs/product.md#contact): the Turnstile widget when a site key is configured and its script loads,
 * otherwise a fallback mode that supplies the placeholder token (accepted only by a server without
 * a Turnstile secret) and tells the visitor that verification runs in development mode.
 */
export function useTurnstile() {
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetIdRef = useRef<string | undefined>(undefined);
  const [mode, setMode] = useState<TurnstileMode>('loading');
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const siteKey = await fetchSiteKey();
      const api = siteKey ? await loadTurnstile() : undefined;
      if (cancelled) return;
      if (!siteKey || !api || !containerRef.current) {
        setMode('fallback');
        setToken(turnstileFallbackToken);
        return;
      }
      setMode('widget');
      widgetIdRef.current = api.render(containerRef.current, {
        sitekey: siteKey,
        callback: (value: string) => setToken(value),
        'expired-callback': () => setToken(null),
        'error-callback': () => {
          setToken(null);
          toast({
            title: leadMessages.securityFailedTitle,
            description: leadMessages.securityFailed,
            variant: 'destructive',
          });
        },
      });
    })();
    return () => {
      cancelled = true;
      if (widgetIdRef.current && window.turnstile) window.turnstile.remove(widgetIdRef.current);
      widgetIdRef.current = undefined;
    };
  }, []);

  /** Clears the used token; the widget issues a new one, the fallback hands out the placeholder again. */
  const reset = useCallback(() => {
    if (mode === 'fallback') {
      setToken(turnstileFallbackToken);
      return;
    }
    setToken(null);
    if (widgetIdRef.current && window.turnstile) window.turnstile.reset(widgetIdRef.current);
  }, [mode]);

  return { containerRef, mode, token, reset };
}
