import { mediaUploadHeader, type ListPage, type MediaItem } from '@northbeam/common';
import { ApiRequestError, requestJson } from '@/lib/api';

/**
 * Posts a multipart form with the header the cross-site guard asks of uploads, and reads the JSON
 * answer (a refusal throws an ApiRequestError with the server's sentence).
 */
export async function uploadMultipart<T>(url: string, fields: Record<string, string | Blob>): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { [mediaUploadHeader.name]: mediaUploadHeader.value },
    body: form,
  });
  if (!response.ok)
    throw new ApiRequestError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as T;
}

/** Uploads one image with its alt text. */
export function uploadMedia(file: File, alt: string): Promise<MediaItem> {
  return uploadMultipart<MediaItem>('/api/admin/media', { alt, file });
}

export function listMedia(page: number, search: string): Promise<ListPage<MediaItem>> {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (search.trim()) query.set('q', search.trim());
  const text = query.toString();
  return requestJson<ListPage<MediaItem>>('GET', `/api/admin/media${text ? `?${text}` : ''}`);
}

/** "1.2 MB", "340 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
