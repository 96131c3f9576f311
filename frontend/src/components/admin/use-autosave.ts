import { useCallback, useEffect, useRef, useState } from 'react';
import { revisionLimits } from '@northbeam/common';
import { requestJson } from '@/lib/api';

export type AutosaveState =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved'; savedAt: string } | { status: 'failed' };

/**
 * Keeps what is being typed on the server (docs/product.md#revisions): once the fields differ from
 * what the server holds, they are sent within 10 s, and again every 10 s while they keep changing;
 * whatever is pending goes when the page is hidden or the editor closes. Text that is back to the
 * saved post ends the autosave. `url` null (a post not saved yet): off, the browser copy alone keeps it.
 * `cancel()` before a real save: nothing pending is sent after it.
 */
export function useAutosave(url: string | null, fields: object, saved: object) {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const json = JSON.stringify(fields);
  const savedJson = JSON.stringify(saved);
  const latest = useRef(json);
  const savedRef = useRef(savedJson);
  /** What the server holds for this person (the saved post when there is no autosave). */
  const sent = useRef(savedJson);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(
    async (keepalive = false) => {
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = undefined;
      const body = latest.current;
      if (!url || body === sent.current) return;
      sent.current = body;
      if (body === savedRef.current) {
        // Back to the saved text: an autosave would only offer it again.
        await fetch(url, { method: 'DELETE', credentials: 'include', keepalive }).catch(() => undefined);
        if (!keepalive) setState({ status: 'idle' });
        return;
      }
      if (keepalive) {
        void fetch(url, {
          method: 'PUT',
          credentials: 'include',
          keepalive,
          headers: { 'Content-Type': 'application/json' },
          body,
        }).catch(() => undefined);
        return;
      }
      setState({ status: 'saving' });
      try {
        const answer = await requestJson<{ savedAt: string }>('PUT', url, JSON.parse(body));
        setState({ status: 'saved', savedAt: answer.savedAt });
      } catch {
        // Sent again with the next change; the browser copy keeps the text meanwhile.
        if (sent.current === body) sent.current = '';
        setState({ status: 'failed' });
      }
    },
    [url],
  );

  useEffect(() => {
    // A new saved state (a restore): the server ended this person's autosave.
    savedRef.current = savedJson;
    sent.current = savedJson;
  }, [savedJson]);

  useEffect(() => {
    latest.current = json;
    if (!url || json === sent.current || timer.current !== undefined) return;
    timer.current = setTimeout(() => void flush(), revisionLimits.autosaveIntervalMs);
  }, [json, url, flush]);

  useEffect(() => {
    if (!url) return;
    const onPageHide = () => {
      if (timer.current !== undefined) void flush(true);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      if (timer.current !== undefined) void flush(true);
    };
  }, [url, flush]);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    sent.current = latest.current;
  }, []);

  return { state, cancel };
}
