import { FeedParseError, parseFeed } from './feed-parser.js';

describe(parseFeed.name, () => {
  it('reads RSS 2.0 items, taking the first of several categories', () => {
    const items = parseFeed(`<rss version="2.0"><channel>
      <item><title>One</title><link>https://a.example/1</link><category>XR</category><category>VR</category>
      <pubDate>Tue, 02 Sep 2025 09:00:00 GMT</pubDate><description>Hello &lt;b&gt;there&lt;/b&gt;</description></item>
    </channel></rss>`);
    expect(items).toEqual([
      {
        title: 'One',
        link: 'https://a.example/1',
        category: 'XR',
        pubDate: '2025-09-02T09:00:00.000Z',
        description: 'Hello <b>there</b>',
      },
    ]);
  });

  it('reads Atom entries with their alternate link and term category', () => {
    const items = parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Two</title>
      <link rel="self" href="https://a.example/self"/><link rel="alternate" href="https://a.example/2"/>
      <category term="Twins"/><updated>2025-09-03T10:00:00Z</updated><content type="html">Body</content></entry></feed>`);
    expect(items).toEqual([
      {
        title: 'Two',
        link: 'https://a.example/2',
        category: 'Twins',
        pubDate: '2025-09-03T10:00:00.000Z',
        description: 'Body',
      },
    ]);
  });

  it('drops items without a title or with a link that is not http or https', () => {
    const items = parseFeed(`<rss version="2.0"><channel>
      <item><link>https://a.example/no-title</link></item>
      <item><title>Bad</title><link>javascript:alert(1)</link></item>
      <item><title>Data</title><link>data:text/html,x</link></item>
    </channel></rss>`);
    expect(items).toEqual([]);
  });

  it('refuses malformed XML, entity declarations and documents that are not feeds', () => {
    expect(() => parseFeed('<rss><channel><item></channel></rss>')).toThrow(FeedParseError);
    expect(() => parseFeed('<!DOCTYPE x [<!ENTITY a "b">]><rss><channel/></rss>')).toThrow(FeedParseError);
    expect(() => parseFeed('<html><body/></html>')).toThrow(FeedParseError);
  });
});
