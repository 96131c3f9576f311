import { readGhostJson } from './ghost.js';
import { ImportFileError } from './import-file-error.js';
import type { ImportPlan } from './import-plan.js';
import { looksLikeZip, readNorthbeamExport, type NorthbeamPlan } from './northbeam.js';
import { looksLikeWxr, readWordPress } from './wordpress.js';

/**
 * Reads an uploaded file by its content (not its name): this site's own export (a ZIP whose manifest
 * names its format, docs/export-format.md), else as `readImportFile` does.
 */
export function readUploadedExport(bytes: Buffer): ImportPlan | NorthbeamPlan {
  if (looksLikeZip(bytes)) return readNorthbeamExport(bytes);
  return readImportFile(bytes);
}

/**
 * Reads an uploaded export by its content (not its name): a WordPress WXR or a Ghost JSON export.
 * Anything else, a file cut short, or XML declaring its own entities is an ImportFileError.
 */
export function readImportFile(bytes: Buffer): ImportPlan {
  if (bytes.length === 0) throw new ImportFileError(400, 'fileRequired');
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const head = text.slice(0, 8192);
  if (looksLikeWxr(head)) return readWordPress(text);
  if (/^\s*[{[]/.test(head)) return readGhostJson(text);
  throw new ImportFileError(422, 'notAFormat');
}
