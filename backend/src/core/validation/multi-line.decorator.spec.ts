import { MultiLine, singleLineViolations } from './multi-line.decorator.js';

class Address {
  street = '';
  @MultiLine()
  directions = '';
}

class Letter {
  subject = '';
  @MultiLine()
  body = '';
  tags: string[] = [];
  properties: Record<string, unknown> = {};
  address?: Address;
}

class Reply extends Letter {}

function letter(values: Partial<Letter>, type: typeof Letter = Letter): Letter {
  return Object.assign(new type(), values);
}

describe(singleLineViolations.name, () => {
  it('allows tab, CR and LF in fields marked multi-line, inherited marks included', () => {
    expect(singleLineViolations(letter({ subject: 'Hello', body: 'Line one\r\n\tLine two' }))).toEqual([]);
    expect(singleLineViolations(letter({ body: 'a\nb' }, Reply))).toEqual([]);
  });

  it('names every other field holding one, inside lists, plain objects and nested DTOs', () => {
    const address = Object.assign(new Address(), { street: '1 High St\r\nBcc: x', directions: 'Left\nthen right' });
    const fields = singleLineViolations(
      letter({ subject: 'Hi\tthere', tags: ['ok', 'two\nlines'], properties: { path: '/a\r' }, address }),
    );
    expect(fields).toEqual(['subject', 'tags', 'properties', 'address.street']);
  });

  it('ignores numbers, booleans and null', () => {
    expect(singleLineViolations({ count: 3, flag: true, nothing: null })).toEqual([]);
  });
});
