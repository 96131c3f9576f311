import { readSiteExport, SiteExportError, type SiteExportData } from '../../site-export/site-export-format.js';
import { ImportFileError } from './import-file-error.js';

/** This site's own export as the importer reads it: the whole file, records and media bytes. */
export interface NorthbeamPlan {
  kind: 'northbeam';
  site: SiteExportData;
  problems: string[];
}

/** A ZIP's first bytes (`PK\x03\x04`): the site export is the only ZIP the importer takes. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Reads a site export (docs/export-format.md); a damaged or foreign ZIP is refused with the reader's sentence (422). */
export function readNorthbeamExport(bytes: Uint8Array): NorthbeamPlan {
  try {
    return { kind: 'northbeam', site: readSiteExport(bytes), problems: [] };
  } catch (error) {
    if (error instanceof SiteExportError) throw new ImportFileError(422, 'notAFormat', error.message);
    throw error;
  }
}

/** Records in the file, all kinds together: the job's `total`. */
export function siteRecordCount(site: SiteExportData): number {
  return (
    site.teamMembers.length +
    site.media.length +
    site.posts.length +
    site.caseStudies.length +
    (site.settings ? 1 : 0) +
    site.redirects.length +
    site.postRedirects.length
  );
}
