/**
 * The classes of hostile text, each a string a client could send or a row could hold. Shared by
 * the hostile-input suite (which sends each to every field) and the crawler-documents suite (which
 * stores each and renders the feed, sitemap and images from it).
 */
export const hostileTexts = {
  loneHighSurrogate: 'a\ud800b',
  loneLowSurrogate: 'a\udc00b',
  c0Control: 'a\u0001b\u001bc',
  nul: 'a\u0000b',
  lineBreak: 'line one\r\nline two',
  tab: 'a\tb',
  nonCharacter: 'a\ufffeb\uffffc',
  nonCharacterRange: 'a\ufdd0b',
  nonCharacterAstral: 'a\u{10ffff}b\u{1fffe}',
  cdataEnd: 'x ]]> y ]]> z',
  markup: '<script>alert(1)</script> & "quoted" \'single\'',
  emailQuotedLineBreak: '"a\r\nb"@example.com',
  bidiAndZeroWidth: 'a\u202eb\u200bc\ufeff',
  oversize: 'x'.repeat(10_000),
} as const;

export type HostileTextClass = keyof typeof hostileTexts;
