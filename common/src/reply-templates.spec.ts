import { fillReplyTemplate, firstNameOf, unknownTemplatePlaceholders } from './enquiries.js';

describe('reply template placeholders', () => {
  it('fills {firstName} with the first word of the name the visitor gave', () => {
    const values = { firstName: firstNameOf('Jo Bloggs'), name: 'Jo Bloggs', assignee: 'Ines', service: 'AI Labs' };
    expect(fillReplyTemplate('Hi {firstName},', values)).toBe('Hi Jo,');
    expect(fillReplyTemplate('{name} asked {assignee} about {service}.', values)).toBe(
      'Jo Bloggs asked Ines about AI Labs.',
    );
    expect(firstNameOf('  Madonna ')).toBe('Madonna');
  });

  it('names each unknown placeholder once', () => {
    expect(unknownTemplatePlaceholders('Hi {firstName}, {company} and {company} and {Name}')).toEqual([
      'company',
      'Name',
    ]);
    expect(unknownTemplatePlaceholders('Hi {firstName}, {name}, {assignee}, {service}')).toEqual([]);
  });
});
