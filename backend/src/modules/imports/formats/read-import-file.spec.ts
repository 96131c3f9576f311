import { htmlToMarkdown } from './html-to-markdown.js';
import { ImportFileError } from './import-file-error.js';
import { zipSync } from 'fflate';
import { buildSiteExport } from '../../site-export/site-export-format.js';
import { readImportFile, readUploadedExport } from './read-import-file.js';
import { sharedFixture } from '../../../../test/helpers/shared-fixtures.js';

const fixture = sharedFixture;

function refusal(bytes: Buffer | string): ImportFileError {
  try {
    readImportFile(Buffer.from(bytes));
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('The file was read');
}

describe('readImportFile', () => {
  it('reads the WordPress fixture: its posts, statuses, dates, categories, tags, authors and old paths', () => {
    const plan = readImportFile(fixture('wordpress-theme-unit-test.xml'));
    expect(plan.kind).toBe('wordpress');
    expect(plan.posts).toHaveLength(58);
    expect(plan.posts.filter((post) => post.status === 'published')).toHaveLength(56);
    expect(new Set(plan.posts.map((post) => post.sourceId)).size).toBe(58);
    const formatting = plan.posts.find((post) => post.slug === 'markup-html-tags-and-formatting')!;
    expect(formatting).toMatchObject({
      title: 'Markup: HTML Tags and Formatting',
      publishedAt: '2013-01-12T03:22:19.000Z',
      category: 'Classic',
      authorName: 'Theme Buster',
      oldPath: '/2013/01/11/markup-html-tags-and-formatting/',
    });
    expect(formatting.markdown).toMatch(/^# Header one$/m);
    expect(formatting.markdown).toContain('**Headings**');
    const featured = plan.posts.find((post) => post.slug === 'template-featured-image-horizontal')!;
    expect(featured.featureImage?.url).toBe(
      'https://wpthemetestdata.files.wordpress.com/2013/03/featured-image-horizontal.jpg',
    );
    expect(plan.posts.find((post) => post.slug === 'block-category-common')!.authorName).toBe('Theme Reviewer');
    expect(plan.problems).toContain('“Scheduled” was scheduled in WordPress and is imported as a draft.');
  });

  it('reads the Ghost fixture: tags in order, the primary one as category, excerpt, meta description, feature image', () => {
    const plan = readImportFile(fixture('ghost-5.130-export.json'));
    expect(plan.kind).toBe('ghost');
    expect(plan.posts).toHaveLength(11);
    const regulated = plan.posts.find((post) => post.slug === 'service-design-regulated')!;
    expect(regulated).toMatchObject({
      status: 'published',
      publishedAt: '2024-03-12T09:00:00.000Z',
      tags: ['Service Design', 'Regulation'],
      category: 'Service Design',
      authorName: 'SBS Owner',
      excerpt: 'Evidence duties shape a regulated service from its first sketch.',
      metaDescription: 'How regulation shapes service design.',
      featureImage: {
        url: 'https://images.invalid/service-design.jpg',
        alt: 'Service design for regulated industries',
      },
      oldPath: '/service-design-regulated/',
    });
    expect(plan.posts.find((post) => post.slug === 'notes-on-procurement')).toMatchObject({
      status: 'draft',
      oldPath: null,
    });
  });

  it('converts Ghost lexical and mobiledoc where the export has no html, naming cards it cannot convert', () => {
    const lexical = JSON.stringify({
      root: {
        type: 'root',
        children: [
          { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Title', format: 0 }] },
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'Bold', format: 1 },
              { type: 'link', url: 'https://a.example/', children: [{ type: 'text', text: 'link' }] },
            ],
          },
          { type: 'markdown', markdown: '- one\n- two' },
          { type: 'paywall' },
        ],
      },
    });
    const mobiledoc = JSON.stringify({
      version: '0.3.1',
      markups: [['em']],
      atoms: [],
      cards: [
        ['image', { src: 'https://img.example/a.png', alt: 'An image' }],
        ['gallery', {}],
      ],
      sections: [
        [1, 'p', [[0, [0], 1, 'Slanted']]],
        [10, 0],
        [10, 1],
      ],
    });
    const ghostExport = (post: Record<string, unknown>) =>
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                { id: '1', uuid: 'u1', title: 'T', slug: 't', type: 'post', status: 'draft', html: null, ...post },
              ],
            },
          },
        ],
      });
    const fromLexical = readImportFile(Buffer.from(ghostExport({ lexical }))).posts[0];
    expect(fromLexical.markdown).toBe('## Title\n\n**Bold**[link](https://a.example/)\n\n- one\n- two');
    expect(fromLexical.notes).toEqual(['its Ghost cards “paywall” could not be converted and were left out']);
    const fromMobiledoc = readImportFile(Buffer.from(ghostExport({ mobiledoc }))).posts[0];
    expect(fromMobiledoc.markdown).toBe('_Slanted_\n\n![An image](https://img.example/a.png)');
    expect(fromMobiledoc.images).toEqual([{ url: 'https://img.example/a.png', alt: 'An image' }]);
    expect(fromMobiledoc.notes).toEqual(['its Ghost cards “gallery” could not be converted and were left out']);
  });

  it('refuses an XML bomb unread, a truncated export and a file of neither format', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<rss xmlns:wp="https://wordpress.org/export/1.2/"><channel><title>&lol2;</title></channel></rss>`;
    expect(refusal(bomb).reason).toBe('xmlEntities');
    const wxr = fixture('wordpress-theme-unit-test.xml');
    expect(refusal(wxr.subarray(0, wxr.length / 2)).reason).toBe('truncated');
    const ghost = fixture('ghost-5.130-export.json');
    expect(refusal(ghost.subarray(0, ghost.length / 2)).reason).toBe('truncated');
    expect(refusal('name,email\nAda,ada@example.com\n').reason).toBe('notAFormat');
    expect(refusal('{"hello": "world"}').reason).toBe('notAFormat');
    expect(refusal('<?xml version="1.0"?><svg></svg>').reason).toBe('notAFormat');
  });
});

describe('htmlToMarkdown', () => {
  it('drops scripts, event handlers and block comments, and keeps frames and embeds as links', () => {
    const { markdown, notes } = htmlToMarkdown(
      `<!-- wp:paragraph --><p>Hello <img src="https://old.example/a.png" alt="A" onerror="alert(1)"></p><!-- /wp:paragraph -->
<script>alert('x')</script><iframe src="https://video.example/embed/1"></iframe>
<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">
https://youtube.example/watch?v=1
</div></figure><p><a href="javascript:alert(1)">bad</a></p>`,
      { wordpress: true },
    );
    expect(markdown).not.toMatch(/script|onerror|alert|wp:paragraph|javascript:/i);
    expect(markdown).toContain('![A](https://old.example/a.png)');
    expect(markdown).toContain('(https://video.example/embed/1)');
    expect(markdown).toContain('(https://youtube.example/watch?v=1)');
    expect(notes).toEqual(['its HTML held scripts or event handlers; they were removed']);
  });
});

describe('readUploadedExport', () => {
  const site = {
    exportedAt: '2026-11-28T10:00:00.000Z',
    site: { name: 'Northbeam', url: 'https://northbeam.example' },
    schema: 'ImportJobFileM1795868400500',
    posts: [{ id: 'p1', title: 'One' }],
    caseStudies: [],
    teamMembers: [],
    settings: null,
    redirects: [],
    postRedirects: [],
    tags: [],
    media: [],
    otherObjects: [],
  };

  it('reads a ZIP with the site export manifest as this site’s own export', () => {
    const plan = readUploadedExport(Buffer.from(buildSiteExport(site)));
    expect(plan.kind).toBe('northbeam');
    expect(plan.kind === 'northbeam' && plan.site.posts).toEqual([{ id: 'p1', title: 'One' }]);
  });

  it('refuses another ZIP with the site export reader’s sentence (422)', () => {
    let refused: unknown;
    try {
      readUploadedExport(Buffer.from(zipSync({ 'notes.txt': new TextEncoder().encode('hello') })));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ImportFileError);
    expect(refused).toMatchObject({
      status: 422,
      detail: 'The export has no manifest.json: it is incomplete.',
    });
  });
});
