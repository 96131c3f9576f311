import { retryDelayMs } from './mail-dispatcher.js';
import { renderMail } from './mail-layout.js';

describe('retryDelayMs', () => {
  it('doubles the first delay with each failed attempt', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits longer than an hour', () => {
    expect(retryDelayMs(30, 30_000)).toBe(60 * 60 * 1000);
  });
});

describe('renderMail', () => {
  it('escapes what visitors typed in the HTML body and keeps it verbatim in the text body', () => {
    const mail = renderMail({ preview: 'p', heading: 'Hi <b>', paragraphs: ['a & b'], details: [{ label: 'Message', value: '<script>x</script>' }] });
    expect(mail.html).toContain('Hi &lt;b&gt;');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Message: <script>x</script>');
  });
});
