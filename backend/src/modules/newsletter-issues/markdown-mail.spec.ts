import { mailHref, renderMarkdownForMail } from './markdown-mail.js';

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
});
