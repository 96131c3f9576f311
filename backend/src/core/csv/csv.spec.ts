import { csvDateTime, neutraliseFormula, toCsv } from './csv.js';

describe('CSV for spreadsheets', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('neutralises %j', (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseFormula('Ada Lovelace')).toBe('Ada Lovelace');
    expect(neutraliseFormula('a-b=c')).toBe('a-b=c');
  });

  it('quotes every cell, doubles quotes, keeps line breaks inside a cell and ends rows with CRLF', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['say "hi"', 'line 1\nline 2'],
          [null, '=1'],
        ],
      ),
    ).toBe('\uFEFF"A","B"\r\n"say ""hi""","line 1\nline 2"\r\n"","\'=1"\r\n');
  });

  it('writes dates and times in UK time as a spreadsheet user reads them', () => {
    expect(csvDateTime('2026-11-26T14:05:59Z')).toBe('26/11/2026 14:05');
    expect(csvDateTime(new Date('2026-06-30T23:30:00Z'))).toBe('01/07/2026 00:30');
  });
});
