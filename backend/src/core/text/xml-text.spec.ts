import { SaxesParser } from 'saxes';
import { escapeXmlText } from './xml-text.js';

/** Parses with a conforming XML 1.0 parser; answers the text of the root, or throws. */
function parseText(xml: string): string {
  const parser = new SaxesParser();
  let text = '';
  parser.on('text', (chunk) => (text += chunk));
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  return text;
}

describe(escapeXmlText.name, () => {
  const hostile =
    'a ]]> b ]]> & < > " \' \u0001\u001b\u0000 \ud800 \udc00 \ufffe\uffff \ufdd0 \u{1fffe} 💥 tab\tline\nend';

  it('gives element text that a conforming XML parser reads back without the forbidden characters', () => {
    const dropped = ['\u0001', '\u001b', '\u0000', '\ud800', '\udc00', '\ufffe', '\uffff', '\ufdd0', '\u{1fffe}'];
    expect(parseText(`<t>${escapeXmlText(hostile)}</t>`)).toBe(
      dropped.reduce((text, character) => text.replaceAll(character, ''), hostile),
    );
  });

  it('gives attribute values that parse, quotes included', () => {
    const parser = new SaxesParser();
    let value: string | undefined;
    parser.on('opentag', (tag) => (value = tag.attributes.v));
    parser.write(`<t v="${escapeXmlText(hostile)}"/>`).close();
    expect(value).toContain('" \'');
  });

  it('leaves ordinary text alone', () => {
    expect(escapeXmlText('Plain words, émigré 💥')).toBe('Plain words, émigré 💥');
  });
});
