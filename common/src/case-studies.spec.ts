import { joinOutcomes, outcomesSplitMarker, splitOutcomes } from './case-studies.js';
import { caseStudyActions } from './record-actions.js';

describe('splitOutcomes', () => {
  it('answers the whole text and no second part when there is no split line', () => {
    expect(splitOutcomes('Revenue up 40%.\n\nFewer calls.')).toEqual({
      before: 'Revenue up 40%.\n\nFewer calls.',
      after: null,
    });
  });

  it('answers the text on each side of the split line, without the line breaks around it', () => {
    const markdown = `Revenue up 40%.\n${outcomesSplitMarker}\n\nFewer calls.`;
    expect(splitOutcomes(markdown)).toEqual({ before: 'Revenue up 40%.', after: '\nFewer calls.' });
  });

  it('is undone exactly by joinOutcomes for a split line between lines of text', () => {
    for (const markdown of [
      'No split.',
      `Before.\n${outcomesSplitMarker}\n\nAfter.`,
      `Before only.\n${outcomesSplitMarker}\n`,
    ]) {
      const { before, after } = splitOutcomes(markdown);
      expect(joinOutcomes(before, after)).toBe(markdown);
    }
  });
});

describe('case study actions', () => {
  it('offers those with every case study everything, a new one edit and publish, and nobody else anything', () => {
    for (const role of ['super_admin', 'admin'] as const) {
      expect(caseStudyActions({ id: 'c' }, { role })).toEqual(['edit', 'publish', 'unpublish', 'delete']);
      expect(caseStudyActions(null, { role })).toEqual(['edit', 'publish']);
    }
    expect(caseStudyActions({ id: 'c' }, { role: 'consultant' })).toEqual([]);
    expect(caseStudyActions(null, { role: 'consultant' })).toEqual([]);
  });
});
