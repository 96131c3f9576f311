import { useEffect, useId, useState } from 'react';
import { Loader2 } from '@/components/ui/icons';
import {
  accessReviewLimits,
  type AccessFinding,
  type AccessFindings,
  type AccessReviewDecisions,
} from '@northbeam/common';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { apiRequest } from '@/lib/api';

/** The reviewer's choice for one record: disclose it or not, and why not. */
interface Choice {
  disclose: boolean;
  reason: string;
}

/** The review so far: whether it can be sent, what it sends, and how it reads in the approval's question. */
export interface ReviewState {
  ready: boolean;
  decisions: AccessReviewDecisions;
  disclosed: number;
  leftOut: number;
}

/** A flagged record is left out until included; the requester's own records are disclosed unless left out. */
function initialChoice(record: AccessFinding): Choice {
  return { disclose: record.review === null, reason: '' };
}

/**
 * Review before disclosure (docs/product.md#privacy-review): what the access request found, kind by
 * kind with counts and a readable preview of each record. Records about other people come flagged and
 * left out; the reviewer may include them, and leaves any record out with a reason.
 */
export function AccessReview({ requestId, onChange }: { requestId: string; onChange: (state: ReviewState) => void }) {
  const [findings, setFindings] = useState<AccessFindings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const idPrefix = useId();

  useEffect(() => {
    let current = true;
    apiRequest('GET', `/api/admin/deletion-requests/${requestId}/findings`)
      .then((response) => response.json() as Promise<AccessFindings>)
      .then((loaded) => {
        if (!current) return;
        setFindings(loaded);
        setChoices(
          Object.fromEntries(
            loaded.kinds.flatMap((kind) => kind.records.map((record) => [record.id, initialChoice(record)])),
          ),
        );
      })
      .catch((failure: unknown) => current && setError(failure instanceof Error ? failure.message : 'Failed to load'));
    return () => {
      current = false;
    };
  }, [requestId]);

  useEffect(() => {
    if (!findings) return;
    const records = findings.kinds.flatMap((kind) => kind.records);
    const include: string[] = [];
    const exclude: { id: string; reason: string }[] = [];
    let ready = true;
    for (const record of records) {
      const choice = choices[record.id] ?? initialChoice(record);
      const reason = choice.reason.trim();
      if (choice.disclose) {
        if (record.review !== null) include.push(record.id);
      } else if (reason) exclude.push({ id: record.id, reason });
      // Leaving out one of the requester's own records needs a reason; a flagged one has its flag's.
      else if (record.review === null) ready = false;
    }
    const disclosed = records.filter((record) => (choices[record.id] ?? initialChoice(record)).disclose).length;
    onChange({
      ready,
      decisions: { digest: findings.digest, include, exclude },
      disclosed,
      leftOut: records.length - disclosed,
    });
  }, [findings, choices, onChange]);

  if (error) return <Alert variant="destructive">{error}</Alert>;
  if (!findings)
    return <Loader2 className="size-5 animate-spin text-ink-muted" aria-label="Loading the records found" />;

  const set = (id: string, change: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [id]: { ...(all[id] ?? { disclose: true, reason: '' }), ...change } }));

  return (
    <section className="space-y-3 border-t border-line pt-4" data-testid="access-review" aria-label="Records found">
      <div>
        <p className="font-semibold">Review before disclosure</p>
        <p className="text-ink-muted" data-testid="access-review-summary">
          {findings.total} record{findings.total === 1 ? '' : 's'} found
          {findings.flagged
            ? `; ${findings.flagged} may be about other people and ${findings.flagged === 1 ? 'is' : 'are'} left out unless you include ${findings.flagged === 1 ? 'it' : 'them'}`
            : ''}
          . Leave out any record with a reason: the request’s history keeps it.
        </p>
      </div>
      {findings.kinds
        .filter((kind) => kind.count > 0)
        .map((kind) => {
          const flagged = kind.records.filter((record) => record.review !== null).length;
          return (
            <details
              key={kind.store}
              open={flagged > 0 || kind.count <= 3}
              className="rounded-xl border border-line"
              data-testid="access-review-kind"
            >
              <summary className="cursor-pointer p-3 font-medium">
                {kind.title} <span className="text-ink-muted">({kind.count})</span>
                {flagged ? (
                  <Badge variant="outline" className="ml-2">
                    {flagged} to review
                  </Badge>
                ) : null}
                {kind.summary ? <span className="block text-xs font-normal text-ink-muted">{kind.summary}</span> : null}
              </summary>
              <ol className="space-y-3 p-3 pt-0">
                {kind.records.map((record) => {
                  const choice = choices[record.id] ?? initialChoice(record);
                  const controlId = `${idPrefix}-${record.id}`;
                  return (
                    <li
                      key={record.id}
                      className="space-y-2 rounded-lg bg-mist p-3"
                      data-testid="access-review-record"
                      data-flagged={record.review !== null}
                    >
                      <dl className="grid grid-cols-[minmax(6rem,9rem)_1fr] gap-x-3 gap-y-1 text-xs">
                        {record.preview.map((field, index) => (
                          <div key={index} className="contents">
                            <dt className="text-ink-muted">{field.label}</dt>
                            <dd className="min-w-0 break-words">{field.value}</dd>
                          </div>
                        ))}
                      </dl>
                      {record.review ? (
                        <p className="text-xs font-medium text-danger" data-testid="access-review-flag">
                          Review: {record.review}
                        </p>
                      ) : null}
                      <label className="flex items-start gap-2 text-xs" htmlFor={controlId}>
                        <Checkbox
                          id={controlId}
                          checked={choice.disclose}
                          onChange={(event) => set(record.id, { disclose: event.target.checked })}
                        />
                        <span>{record.review ? 'Include in the export' : 'Disclose (untick to leave it out)'}</span>
                      </label>
                      {!choice.disclose ? (
                        <Input
                          aria-label={`Why ${record.label} is left out`}
                          placeholder={
                            record.review ? 'Reason (optional: the flag is recorded)' : 'Reason it is left out'
                          }
                          maxLength={accessReviewLimits.reasonMax}
                          value={choice.reason}
                          onChange={(event) => set(record.id, { reason: event.target.value })}
                        />
                      ) : null}
                    </li>
                  );
                })}
              </ol>
            </details>
          );
        })}
      {findings.total === 0 ? <p className="text-ink-muted">Nothing is held about this address.</p> : null}
    </section>
  );
}
