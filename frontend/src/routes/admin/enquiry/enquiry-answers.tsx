import { formatDate, inboundMailKindLabels, type InboundMail } from '@northbeam/common';
import { Badge } from '@/components/ui/badge';

/** "9 B", "12 KB", "30.0 MB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What came back through the connected mailbox: sender, time, the new text (the quoted history folded
 * away), attachments with their size (a download where it was stored). The HTML part is shown only as
 * the server sanitised it, and only when the mail has no text.
 */
export function AnswerItem({ answer }: { answer: InboundMail }) {
  const automatic = answer.kind !== 'answer';
  return (
    <li
      className={`rounded-xl border p-4 ${automatic ? 'border-dashed border-line bg-mist/40' : 'border-ink/20 bg-paper'}`}
      data-testid="enquiry-answer"
      data-kind={answer.kind}
    >
      <p className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
        <Badge variant={automatic ? 'outline' : 'consulting'}>
          {automatic ? inboundMailKindLabels[answer.kind] : answer.enquiryId ? 'From the enquirer' : 'Unmatched'}
        </Badge>
        <span className="break-all">
          {answer.from.name ? `${answer.from.name} <${answer.from.address}>` : answer.from.address}
        </span>
        ·<time dateTime={answer.receivedAt}>{formatDate(answer.receivedAt, 'd MMM yyyy, HH:mm')}</time>
      </p>
      <p className="mt-1.5 text-sm font-semibold break-words text-ink">{answer.subject}</p>
      {answer.text ? (
        <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink" data-testid="answer-text">
          {answer.text}
        </p>
      ) : answer.html ? (
        <div
          className="prose-sm mt-1 text-sm leading-relaxed break-words text-ink"
          data-testid="answer-html"
          // Sanitised on the server before it was stored (no script, handler, style or remote image).
          dangerouslySetInnerHTML={{ __html: answer.html }}
        />
      ) : (
        <p className="mt-1 text-sm text-ink-muted">(No text)</p>
      )}
      {answer.quoted ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-xs text-ink-muted">Show quoted history</summary>
          <p className="mt-1 border-l-2 border-line pl-3 text-xs leading-relaxed break-words whitespace-pre-wrap text-ink-muted">
            {answer.quoted}
          </p>
        </details>
      ) : null}
      {answer.attachments.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-xs" data-testid="answer-attachments">
          {answer.attachments.map((attachment) => (
            <li key={attachment.id} className="flex flex-wrap gap-x-2 break-all">
              {attachment.stored ? (
                <a
                  className="font-medium text-ink underline"
                  href={`/api/admin/inbound-mail/${answer.id}/attachments/${attachment.id}`}
                  download
                >
                  {attachment.filename}
                </a>
              ) : (
                <span className="font-medium text-ink">{attachment.filename}</span>
              )}
              <span className="text-ink-muted">
                {formatBytes(attachment.size)}
                {attachment.stored ? '' : ' · too large to keep'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
