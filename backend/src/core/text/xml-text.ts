import { refusedCharacters } from '@northbeam/common';

/**
 * Text for an XML (or SVG) document: element content and attribute values alike. Characters that
 * XML 1.0 forbids or discourages (C0 controls but tab/LF/CR, lone surrogates, non-characters such
 * as U+FFFE) are dropped, and & < > " ' become entities, so any text a staff member saved, old
 * rows included, gives a well-formed document. Never relies on CDATA.
 */
export function escapeXmlText(value: string): string {
  return value
    .replace(refusedCharacters, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
