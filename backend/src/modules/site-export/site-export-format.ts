import { createHash } from 'node:crypto';
import { unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * The site export (docs/export-format.md): one ZIP with `manifest.json`, one JSON file per kind of
 * record and every media object's bytes under `media/`. Pure: `buildSiteExport` writes it,
 * `readSiteExport` reads and checks it (the importer's entry point).
 */

export const siteExportFormat = 'northbeam-site-export';
/** Raised when a change would make an older reader misread a file. */
export const siteExportVersion = 1;
/** A file whose contents would unpack past this is refused before it is unpacked. */
export const siteExportMaxUnpackedBytes = 2 * 1024 * 1024 * 1024;

/** A row as JSON: its columns by their database names (snake_case), timestamps as ISO 8601. */
export type ExportRecord = Record<string, unknown>;

export interface ExportMediaObject {
  key: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ExportMedia {
  record: ExportRecord & { id: string };
  /** The stored original first, then its variants. */
  objects: ExportMediaObject[];
}

export interface SiteExportData {
  exportedAt: string;
  site: { name: string; url: string };
  /** The schema's last migration: which columns the records have. */
  schema: string;
  posts: ExportRecord[];
  caseStudies: ExportRecord[];
  teamMembers: ExportRecord[];
  settings: ExportRecord | null;
  redirects: ExportRecord[];
  postRedirects: ExportRecord[];
  tags: Array<{ name: string; slug: string; posts: number }>;
  media: ExportMedia[];
  /** Stored objects that belong to no media record (the uploaded playbook document). */
  otherObjects: ExportMediaObject[];
}

const recordFiles = {
  posts: 'posts.json',
  caseStudies: 'case-studies.json',
  teamMembers: 'team-members.json',
  settings: 'settings.json',
  redirects: 'redirects.json',
  postRedirects: 'post-redirects.json',
  tags: 'tags.json',
} as const;
type RecordKind = keyof typeof recordFiles;

export interface SiteExportManifest {
  format: typeof siteExportFormat;
  version: number;
  exportedAt: string;
  site: { name: string; url: string };
  schema: string;
  counts: Record<RecordKind | 'media' | 'mediaObjects', number>;
  /** Every other file of the ZIP with its SHA-256 (hex). */
  files: Record<string, { sha256: string; bytes: number }>;
  media: Array<{
    id: string;
    record: string;
    objects: ManifestObject[];
  }>;
  otherObjects: ManifestObject[];
}

interface ManifestObject {
  key: string;
  contentType: string;
  file: string;
}

export class SiteExportError extends Error {}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 1)}\n`);
/** Object keys are `{media id}/original` or `{media id}/{width}.{extension}`: safe as paths. */
const objectPath = (key: string) => `media/${key}`;

export function buildSiteExport(data: SiteExportData): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const kind of Object.keys(recordFiles) as RecordKind[]) files[recordFiles[kind]] = json(data[kind]);
  const media: SiteExportManifest['media'] = [];
  let mediaObjects = 0;
  for (const item of data.media) {
    const recordFile = `media/${item.record.id}.json`;
    files[recordFile] = json(item.record);
    const objects = item.objects.map((object) => {
      files[objectPath(object.key)] = object.bytes;
      mediaObjects += 1;
      return { key: object.key, contentType: object.contentType, file: objectPath(object.key) };
    });
    media.push({ id: item.record.id, record: recordFile, objects });
  }
  const manifest: SiteExportManifest = {
    format: siteExportFormat,
    version: siteExportVersion,
    exportedAt: data.exportedAt,
    site: data.site,
    schema: data.schema,
    counts: {
      posts: data.posts.length,
      caseStudies: data.caseStudies.length,
      teamMembers: data.teamMembers.length,
      settings: data.settings ? 1 : 0,
      redirects: data.redirects.length,
      postRedirects: data.postRedirects.length,
      tags: data.tags.length,
      media: data.media.length,
      mediaObjects,
    },
    files: {},
    media,
    otherObjects: data.otherObjects.map((object) => {
      files[objectPath(object.key)] = object.bytes;
      mediaObjects += 1;
      return { key: object.key, contentType: object.contentType, file: objectPath(object.key) };
    }),
  };
  manifest.counts.mediaObjects = mediaObjects;
  manifest.files = Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, { sha256: sha256(bytes), bytes: bytes.length }]),
  );
  const zippable: Zippable = { 'manifest.json': json(manifest) };
  // Images are compressed already: stored as they are; JSON is deflated.
  for (const [name, bytes] of Object.entries(files))
    zippable[name] = [bytes, { level: name.endsWith('.json') ? 6 : 0 }];
  return zipSync(zippable);
}

function parseJson(bytes: Uint8Array | undefined, name: string): unknown {
  if (!bytes) throw new SiteExportError(`The export has no ${name}: it is incomplete.`);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    throw new SiteExportError(`${name} in the export is not valid JSON.`);
  }
}

const isRecord = (value: unknown): value is ExportRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function recordList(value: unknown, name: string): ExportRecord[] {
  if (!Array.isArray(value) || !value.every(isRecord))
    throw new SiteExportError(`${name} in the export is not a list of records.`);
  return value;
}

/**
 * Reads a site export and checks it whole: the manifest's format and version, every file it lists
 * present with its SHA-256, every record file a list of records, every media object's bytes there.
 * Throws a `SiteExportError` with a sentence for anything else; changes nothing.
 */
export function readSiteExport(zipBytes: Uint8Array): SiteExportData {
  let entries: Record<string, Uint8Array>;
  let unpacked = 0;
  try {
    entries = unzipSync(zipBytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        if (unpacked > siteExportMaxUnpackedBytes) {
          throw new SiteExportError('The export would unpack to more than 2 GB: it is refused unread.');
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof SiteExportError) throw error;
    throw new SiteExportError('The file is not a ZIP archive (or it is cut short): it is not a site export.');
  }
  const manifest = parseJson(entries['manifest.json'], 'manifest.json') as Partial<SiteExportManifest>;
  if (!isRecord(manifest) || manifest.format !== siteExportFormat) {
    throw new SiteExportError('The ZIP has no site export manifest: it is not a site export of this site.');
  }
  if (typeof manifest.version !== 'number' || manifest.version > siteExportVersion) {
    throw new SiteExportError(
      `The export is in format version ${String(manifest.version)}, newer than this site reads (${siteExportVersion}).`,
    );
  }
  if (!isRecord(manifest.files) || !Array.isArray(manifest.media)) {
    throw new SiteExportError('The export manifest is incomplete.');
  }
  for (const [name, expected] of Object.entries(manifest.files)) {
    const bytes = entries[name];
    if (!bytes) throw new SiteExportError(`The export has no ${name}, which its manifest lists: it is incomplete.`);
    if (sha256(bytes) !== expected.sha256)
      throw new SiteExportError(`${name} in the export is damaged (its SHA-256 differs from the manifest's).`);
  }
  const listed = (name: string) => {
    if (!manifest.files![name]) throw new SiteExportError(`The export manifest does not list ${name}.`);
    return parseJson(entries[name], name);
  };
  const settings = listed(recordFiles.settings);
  if (settings !== null && !isRecord(settings))
    throw new SiteExportError('settings.json in the export is not a record.');
  const tags = listed(recordFiles.tags);
  if (
    !Array.isArray(tags) ||
    !tags.every((tag) => isRecord(tag) && typeof tag.name === 'string' && typeof tag.slug === 'string')
  ) {
    throw new SiteExportError('tags.json in the export is not a list of tags.');
  }
  const objectBytes = (object: ManifestObject): ExportMediaObject => {
    const bytes = manifest.files![object.file] ? entries[object.file] : undefined;
    if (!bytes) throw new SiteExportError(`The export has no bytes for the media object ${object.key}.`);
    return { key: object.key, contentType: object.contentType, bytes };
  };
  const media: ExportMedia[] = manifest.media.map((item) => {
    if (!isRecord(item) || typeof item.id !== 'string' || !Array.isArray(item.objects)) {
      throw new SiteExportError('A media entry of the export manifest is incomplete.');
    }
    const record = listed(item.record);
    if (!isRecord(record) || record.id !== item.id)
      throw new SiteExportError(`${item.record} in the export is not the media record ${item.id}.`);
    return {
      record: record as ExportRecord & { id: string },
      objects: item.objects.map(objectBytes),
    };
  });
  return {
    exportedAt: String(manifest.exportedAt),
    site: manifest.site ?? { name: '', url: '' },
    schema: String(manifest.schema),
    posts: recordList(listed(recordFiles.posts), recordFiles.posts),
    caseStudies: recordList(listed(recordFiles.caseStudies), recordFiles.caseStudies),
    teamMembers: recordList(listed(recordFiles.teamMembers), recordFiles.teamMembers),
    settings: settings,
    redirects: recordList(listed(recordFiles.redirects), recordFiles.redirects),
    postRedirects: recordList(listed(recordFiles.postRedirects), recordFiles.postRedirects),
    tags: tags as SiteExportData['tags'],
    media,
    otherObjects: (manifest.otherObjects ?? []).map(objectBytes),
  };
}
