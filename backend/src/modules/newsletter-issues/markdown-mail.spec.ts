import { foreignImages, mailHref, renderMarkdownForMail } from './markdown-mail.js';
import type { MailImageRow } from './newsletter-issues.repository.js';

describe('renderMarkdownForMail', () => {
  const site = 'https://northbeam.test';

  it('renders headings, emphasis, lists and links with inline styles, and a readable text version', () => {
    const mail = renderMarkdownForMail(
      '## What we learnt\n\nIt was **worth it**.\n\n1. First\n2. [Second](/blog/labs/x)',
      site,
    );
    expect(mail.html).toContain('<h3 style=');
    expect(mail.html).toContain('<strong>worth it</strong>');
    expect(mail.html).toContain('<ol style=');
    expect(mail.html).toContain('<a href="https://northbeam.test/blog/labs/x" style=');
    expect(mail.text).toBe(
      'WHAT WE LEARNT\n\nIt was worth it.\n\n1. First\n2. Second (https://northbeam.test/blog/labs/x)',
    );
  });

  it('shows raw HTML as text and drops links whose scheme a mail must not carry', () => {
    const mail = renderMarkdownForMail(
      '<b onclick="x">hi</b>\n\n[click](javascript:alert(1)) ![p](data:image/gif;base64,AA)',
      site,
    );
    expect(mail.html).toContain('&lt;b onclick=&quot;x&quot;&gt;hi&lt;/b&gt;');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('data:');
    expect(mail.html).toContain('click');
  });

  it('makes relative addresses absolute and keeps mailto', () => {
    expect(mailHref('/contact', site)).toBe('https://northbeam.test/contact');
    expect(mailHref('mailto:hello@example.com', site)).toBe('mailto:hello@example.com');
    expect(mailHref('//evil.example/x', site)).toBeUndefined();
  });

  it('sends library images as JPEG or PNG at their size, never WebP or AVIF, and an unknown one as its alt text', () => {
    const avif = {
      id: '11111111-1111-4111-8111-111111111111',
      alt: 'Library alt',
      format: 'avif',
      width: 2000,
      height: 1000,
    } as const;
    const png = {
      id: '22222222-2222-4222-8222-222222222222',
      alt: 'Small',
      format: 'png',
      width: 300,
      height: 200,
    } as const;
    const images = new Map<string, MailImageRow>([
      [avif.id, avif],
      [png.id, png],
    ]);
    const mail = renderMarkdownForMail(
      `![A field](/media/${avif.id}/1280.avif)\n\n![](${site}/media/${png.id}/640.webp)\n\n![Gone](/media/33333333-3333-4333-8333-333333333333/1280.webp)`,
      site,
      images,
    );
    expect(mail.html).toContain(`<img src="${site}/media/${avif.id}/1280.jpg" alt="A field" width="536" height="268"`);
    // Never wider than the original; the library's alt text when the markdown gives none.
    expect(mail.html).toContain(`<img src="${site}/media/${png.id}/1280.png" alt="Small" width="300" height="200"`);
    expect(mail.html).not.toMatch(/\.(webp|avif)"/);
    expect(mail.html).toContain('Gone');
    expect(mail.html).not.toContain('33333333-3333');
  });

  it('shows an image caption (its markdown title) under the image, in the HTML and the plain text', () => {
    const png = {
      id: '22222222-2222-4222-8222-222222222222',
      alt: 'Small',
      format: 'png',
      width: 300,
      height: 200,
    } as const;
    const mail = renderMarkdownForMail(
      `Before.\n\n![A pier](/media/${png.id}/1280.webp "The pier at \\"low\\" <tide>")\n\n![No caption](/media/${png.id}/640.webp)`,
      site,
      new Map<string, MailImageRow>([[png.id, png]]),
    );
    expect(mail.html).toMatch(
      /<img src="[^"]+\/1280\.png" alt="A pier"[^>]*><span style="[^"]*font-size:14px[^"]*">The pier at &quot;low&quot; &lt;tide&gt;<\/span><\/p>/,
    );
    expect(mail.html.match(/<span style=/g)).toHaveLength(1);
    expect(mail.text).toBe('Before.\n\nA pier\nThe pier at "low" <tide>\n\nNo caption');
  });
});

describe('foreignImages', () => {
  const site = 'https://northbeam.test';
  const id = '3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f';

  it('names every image that is not the library’s, once, by reference too; library images pass', () => {
    expect(
      foreignImages(
        `![](https://tracker.example/open.gif) ![a](/media/${id}/1280.webp) ![b](${site}/media/${id.toUpperCase()}/640.png)\n\n![c][pixel] ![](https://tracker.example/open.gif) ![](/logo.png)\n\n[pixel]: https://other.example/p.gif`,
        site,
      ),
    ).toEqual(['https://tracker.example/open.gif', 'https://other.example/p.gif', '/logo.png']);
    expect(foreignImages('[a link](https://elsewhere.example/page) and text', site)).toEqual([]);
  });

  it('renders a non-library image as its alt text', () => {
    const mail = renderMarkdownForMail('![A pixel](https://tracker.example/open.gif)', site);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('A pixel');
  });
});
