import { wrapTitle } from './og-image.service.js';

describe('wrapTitle', () => {
  it('wraps words into lines of roughly the given width', () => {
    expect(wrapTitle('Less talk. More build. Zero Deck Thirsty', 16, 4)).toEqual([
      'Less talk. More',
      'build. Zero Deck',
      'Thirsty',
    ]);
  });

  it('cuts to the last allowed line with an ellipsis', () => {
    const lines = wrapTitle('one two three four five six seven eight nine ten', 9, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
  });

  it('keeps a single overlong word on its own line', () => {
    expect(wrapTitle('Supercalifragilistic', 5, 3)).toEqual(['Supercalifragilistic']);
  });
});
