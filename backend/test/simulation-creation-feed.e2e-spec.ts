import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FeedsService, feedLimits } from '../src/modules/feeds/feeds.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const rss = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Simulation Creation</title><link>https://sim.example</link>${items}</channel></rss>`;

const rssItem = (index: number) => `<item>
  <title>Post ${index} &amp; friends</title>
  <link>https://sim.example/blog/post-${index}</link>
  <category>XR Training</category>
  <pubDate>Mon, 0${index} Sep 2025 10:00:00 GMT</pubDate>
  <description><![CDATA[<p>Body of <strong>post ${index}</strong></p>]]></description>
</item>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Simulation Creation</title>
  <entry>
    <title type="html">Digital twins in practice</title>
    <link rel="alternate" href="https://sim.example/blog/twins"/>
    <category term="Digital Twins"/>
    <published>2025-09-10T08:30:00Z</published>
    <summary>How we build twins.</summary>
  </entry>
  <entry>
    <title>Unsafe link</title>
    <link href="javascript:alert(1)"/>
    <updated>2025-09-09T08:30:00Z</updated>
  </entry>
</feed>`;

function serveXml(body: string, status = 200): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/rss+xml' });
    response.end(body);
  };
}

describe('GET /api/rss/simulation-creation', () => {
  let server: Server;
  let handler: Handler;
  let hits = 0;
  let testApp: TestApp;
  let feeds: FeedsService;
  let clock = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits += 1;
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    testApp = await createTestApp({ config: { simulationCreationFeedUrl: `http://127.0.0.1:${port}/feed.xml` } });
    feeds = testApp.app.get(FeedsService);
    feeds.now = () => clock;
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }, 60_000);

  /** Moves the clock past the freshness window so that the next call goes upstream. */
  const expireCache = () => {
    clock += feedLimits.freshForMs + 1;
  };

  it('answers the items of an RSS 2.0 feed with title, link, category, date and description', async () => {
    handler = serveXml(rss([1, 2, 3, 4, 5].map(rssItem).join('')));
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toHaveLength(5);
    expect(response.body[0]).toEqual({
      title: 'Post 1 & friends',
      link: 'https://sim.example/blog/post-1',
      category: 'XR Training',
      pubDate: '2025-09-01T10:00:00.000Z',
      description: '<p>Body of <strong>post 1</strong></p>',
    });
  });

  it('serves the cached copy for five minutes without asking upstream again', async () => {
    const before = hits;
    handler = serveXml(rss(rssItem(9)));
    clock += feedLimits.freshForMs - 1000;
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.body).toHaveLength(5);
    expect(hits).toBe(before);
  });

  it('fetches again once five minutes have passed', async () => {
    expireCache();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.body).toHaveLength(1);
    expect(response.body[0].title).toBe('Post 9 & friends');
  });

  it('reads Atom feeds and drops entries whose link is not http or https', async () => {
    handler = serveXml(atom);
    expireCache();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        title: 'Digital twins in practice',
        link: 'https://sim.example/blog/twins',
        category: 'Digital Twins',
        pubDate: '2025-09-10T08:30:00.000Z',
        description: 'How we build twins.',
      },
    ]);
  });

  it('keeps serving the last good copy when the feed turns malformed', async () => {
    handler = serveXml('<rss><channel><item><title>Broken</title></channel>');
    expireCache();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(200);
    expect(response.body[0].title).toBe('Digital twins in practice');
  });

  it('keeps serving the last good copy when upstream answers 500', async () => {
    handler = serveXml('oops', 500);
    expireCache();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(200);
    expect(response.body[0].title).toBe('Digital twins in practice');
  });

  it('answers 502 once the last good copy is more than 24 hours old', async () => {
    handler = serveXml('not xml at all', 200);
    clock += feedLimits.staleForMs + 1;
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ statusCode: 502, error: 'Unable to load latest posts from Simulation Creation.' });
  });

  it('answers 502 for a malformed feed when nothing good is cached', async () => {
    handler = serveXml('<rss version="2.0"><channel><item><title>x</item></rss>');
    expireCache();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(502);
  });

  it('answers 502 for a document that is neither RSS nor Atom', async () => {
    handler = serveXml('<html><body>Not a feed</body></html>');
    expireCache();
    expect((await testApp.request().get('/api/rss/simulation-creation')).status).toBe(502);
  });

  it('refuses a feed that declares entities', async () => {
    handler = serveXml(
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">]><rss version="2.0"><channel><item><title>&a;</title><link>https://x.example</link></item></channel></rss>',
    );
    expireCache();
    expect((await testApp.request().get('/api/rss/simulation-creation')).status).toBe(502);
  });

  it('answers 502 for a feed larger than 2 MiB, even without a content length', async () => {
    const filler = rssItem(1).repeat(Math.ceil((feedLimits.maxBytes + 1024) / rssItem(1).length));
    handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/rss+xml', 'Transfer-Encoding': 'chunked' });
      response.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      response.write(filler);
      response.end('</channel></rss>');
    };
    expireCache();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(502);
  });

  it('answers an empty list for a valid feed without items', async () => {
    handler = serveXml(rss(''));
    expireCache();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('gives up after 5 seconds on a slow upstream and answers 502 when nothing good is cached', async () => {
    clock += feedLimits.staleForMs + 1;
    handler = (_request, response) => {
      const timer = setTimeout(() => response.end(rss(rssItem(1))), feedLimits.timeoutMs + 2000);
      response.on('close', () => clearTimeout(timer));
    };
    const started = Date.now();
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(feedLimits.timeoutMs + 1500);
  }, 15_000);
});

describe('GET /api/rss/simulation-creation with a feed address that is not http(s)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { simulationCreationFeedUrl: 'file:///etc/passwd' } });
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
  }, 60_000);

  it('refuses to fetch it and answers 502', async () => {
    const response = await testApp.request().get('/api/rss/simulation-creation');
    expect(response.status).toBe(502);
    expect(response.body.error).toBe('Unable to load latest posts from Simulation Creation.');
  });
});
