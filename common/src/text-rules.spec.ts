import { searchText, textProblem, textProblems } from './text-rules.js';

describe(textProblem.name, () => {
  it('accepts ordinary text, paired surrogates (emoji) and accents', () => {
    expect(textProblem('Café — 💥 naïve 𝕏', { lineBreaks: false })).toBeUndefined();
  });

  it('refuses a lone high or low surrogate as ill-formed', () => {
    expect(textProblem('a\ud800', { lineBreaks: true })).toBe(textProblems.illFormed);
    expect(textProblem('\udc00b', { lineBreaks: true })).toBe(textProblems.illFormed);
    expect(textProblem('\udc00\ud800', { lineBreaks: true })).toBe(textProblems.illFormed);
  });

  it('refuses C0 controls, and tab, CR and LF only when line breaks are not allowed', () => {
    for (const control of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f']) {
      expect(textProblem(`a${control}b`, { lineBreaks: true })).toBe(textProblems.controlCharacter);
    }
    for (const lineBreak of ['\t', '\r', '\n', '\r\n']) {
      expect(textProblem(`a${lineBreak}b`, { lineBreaks: true })).toBeUndefined();
      expect(textProblem(`a${lineBreak}b`, { lineBreaks: false })).toBe(textProblems.controlCharacter);
    }
  });

  it('refuses every non-character: U+FDD0–U+FDEF and the last two code points of each plane', () => {
    const nonCharacters = [0xfdd0, 0xfdef, 0xfffe, 0xffff];
    for (let plane = 1; plane <= 16; plane += 1) nonCharacters.push(plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff);
    for (const codePoint of nonCharacters) {
      expect(textProblem(`x${String.fromCodePoint(codePoint)}y`, { lineBreaks: true })).toBe(textProblems.nonCharacter);
    }
    for (const neighbour of [0xfdcf, 0xfdf0, 0xfffd, 0x1fffd, 0x20000]) {
      expect(textProblem(String.fromCodePoint(neighbour), { lineBreaks: true })).toBeUndefined();
    }
  });
});

describe(searchText.name, () => {
  it('turns tabs and line breaks into single spaces and drops refused characters', () => {
    expect(searchText('  digital\ttwins\r\n\r\nXR  ')).toBe('digital twins XR');
    expect(searchText('a\u0000b\u0001c\ufffed\ud800e')).toBe('abcde');
  });

  it('gives text that the API accepts as a single-line query value', () => {
    const hostile = 'x\t\u0000\u001b\ufdd0\u{10ffff}\ud800\r\ny';
    expect(textProblem(searchText(hostile), { lineBreaks: false })).toBeUndefined();
  });
});
