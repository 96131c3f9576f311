import { mediaUploadHeader, type ListPage, type MediaItem } from '@northbeam/common';
import { ApiRequestError, requestJson } from '@/lib/api';

/** Uploads one image with its alt text (multipart, with the header the cross-site guard asks for). */
export async function uploadMedia(file: File, alt: string): Promise<MediaItem> {
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', file);
  const response = await fetch('/api/admin/media', {
    method: 'POST',
    credentials: 'include',
    headers: { [mediaUploadHeader.name]: mediaUploadHeader.value },
    body: form,
  });
  if (!response.ok)
    throw new ApiRequestError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as MediaItem;
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
