import { describe, expect, it } from '@jest/globals';
import { countWords, readingTimeMinutes } from './word-count.js';

describe('countWords', () => {
  it('counts whitespace-separated words of plain text', () => {
    expect(countWords('one two  three\nfour\tfive')).toBe(5);
  });

  it('counts nothing in an empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \n\t ')).toBe(0);
  });

  it('strips fenced code blocks, with backticks or tildes', () => {
    expect(countWords('before\n```ts\nconst a = 1;\nconst b = 2;\n```\nafter')).toBe(2);
    expect(countWords('before\n~~~\nhidden words here\n~~~\nafter')).toBe(2);
  });

  it('strips inline code', () => {
    expect(countWords('run `npm install --save` now')).toBe(2);
  });

  it('keeps the text of links and drops their addresses', () => {
    expect(countWords('see [the full guide](https://example.com/a/b) today')).toBe(5);
  });

  it('drops images entirely', () => {
    expect(countWords('![a diagram of the system](/img.png) caption')).toBe(1);
  });

  it('strips heading marks without losing the heading words', () => {
    expect(countWords('# Title here\n## Second level\n###### Deep')).toBe(5);
  });

  it('strips emphasis marks', () => {
    expect(countWords('**bold** and *italic* and __under__ and ~~gone~~ and _x_')).toBe(9);
    expect(countWords('** * __')).toBe(0);
  });

  it('strips HTML tags but keeps their text', () => {
    expect(countWords('<p>Hello <strong>there</strong></p><br/>')).toBe(2);
  });

  it('ignores lone punctuation and list markers', () => {
    expect(countWords('- one\n- two\n* three\n—')).toBe(3);
  });
});

describe('readingTimeMinutes', () => {
  it('is 0 when there are no words', () => {
    expect(readingTimeMinutes(0)).toBe(0);
  });

  it('is at least 1 for any words', () => {
    expect(readingTimeMinutes(1)).toBe(1);
    expect(readingTimeMinutes(200)).toBe(1);
  });

  it('divides by 200 and rounds up', () => {
    expect(readingTimeMinutes(201)).toBe(2);
    expect(readingTimeMinutes(400)).toBe(2);
    expect(readingTimeMinutes(401)).toBe(3);
  });
});
