import { htmlToMarkdown } from './html-to-markdown.js';
import { ImportFileError } from './import-file-error.js';
import { readImportFile } from './read-import-file.js';
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
    if (process.env.SHOW_PLAN)
      for (const p of plan.posts)
        console.log(
          p.status,
          p.slug,
          p.publishedAt,
          p.category,
          p.tags.join('|'),
          p.authorName,
          p.oldPath,
          p.featureImage?.url,
          p.images.length,
          p.notes,
        );
    if (process.env.SHOW_PLAN) console.log(plan.problems);
    expect(plan.kind).toBe('wordpress');
  });

  it('reads the Ghost fixture', () => {
    const plan = readImportFile(fixture('ghost-5.130-export.json'));
    if (process.env.SHOW_PLAN)
      for (const p of plan.posts)
        console.log(
          p.status,
          p.slug,
          p.publishedAt,
          p.category,
          p.tags.join('|'),
          p.authorName,
          p.oldPath,
          p.featureImage?.url,
          p.images.length,
          p.notes,
          p.excerpt,
          p.metaDescription,
        );
    if (process.env.SHOW_PLAN) console.log(plan.problems);
    expect(plan.kind).toBe('ghost');
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
