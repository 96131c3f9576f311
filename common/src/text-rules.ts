/**
 * What the site accepts as text. Every string that reaches the API (JSON keys and values, query
 * strings, path segments; the API's hostile-input guard refuses the rest with 400) must be well-formed Unicode (no lone surrogate: PostgreSQL's jsonb and
 * the e-mail validator fail on them), hold no C0 control character (tab, CR and LF excepted, and
 * those only in fields marked multi-line) and no non-character (U+FDD0–U+FDEF and the last two
 * code points of every plane): no client sends them, and they break feeds, images and mail.
 */

export const textProblems = {
  illFormed: 'The request contains ill-formed Unicode text (a lone surrogate), which is not allowed',
  controlCharacter: 'The request contains a control character, which is not allowed',
  nonCharacter: 'The request contains a Unicode non-character (such as U+FFFE), which is not allowed',
} as const;

export type TextProblem = (typeof textProblems)[keyof typeof textProblems];

/** With the `u` flag a surrogate range matches only surrogates that are not part of a pair. */
const loneSurrogateClass = '\\u{D800}-\\u{DFFF}';
/** C0 controls except tab, LF and CR. */
const controlClass = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F';
/** U+FDD0–U+FDEF and U+xFFFE/U+xFFFF of each of the 17 planes. */
const nonCharacterClass = `\\u{FDD0}-\\u{FDEF}${Array.from({ length: 17 }, (_, plane) => {
  const last = plane * 0x10000 + 0xfffe;
  return `\\u{${last.toString(16)}}\\u{${(last + 1).toString(16)}}`;
}).join('')}`;

const loneSurrogate = new RegExp(`[${loneSurrogateClass}]`, 'u');
const controlCharacter = new RegExp(`[${controlClass}]`, 'u');
const nonCharacter = new RegExp(`[${nonCharacterClass}]`, 'u');

/** Tab, LF or CR: allowed only in multi-line text. */
export const lineBreakOrTab = /[\t\n\r]/;

/** Every character this module refuses (tab, LF and CR allowed), for replacing rather than refusing. */
export const refusedCharacters = new RegExp(`[${loneSurrogateClass}${controlClass}${nonCharacterClass}]`, 'gu');

/**
 * The first problem of a string, or undefined. `lineBreaks: false` refuses tab, CR and LF too
 * (keys, query strings, single-line fields).
 */
export function textProblem(value: string, options: { lineBreaks: boolean }): TextProblem | undefined {
  if (loneSurrogate.test(value)) return textProblems.illFormed;
  if (controlCharacter.test(value) || (!options.lineBreaks && lineBreakOrTab.test(value)))
    return textProblems.controlCharacter;
  if (nonCharacter.test(value)) return textProblems.nonCharacter;
  return undefined;
}

/**
 * Search text as a page sends it to the API: runs of whitespace (tabs and line breaks included)
 * become one space and refused characters are dropped, so that a pasted tab or a hand-typed
 * `%01` in `?q=` is searched for rather than refused.
 */
export function searchText(value: string): string {
  return value.replace(/\s+/g, ' ').replace(untypeableCharacters, '').replace(/ {2,}/g, ' ').trim();
}

/**
 * Characters no one types into a search box: controls (C0, DEL, C1), lone surrogates, non-characters
 * and the replacement character a malformed escape decodes to.
 */
const untypeableCharacters = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\uFFFD]/gu;
