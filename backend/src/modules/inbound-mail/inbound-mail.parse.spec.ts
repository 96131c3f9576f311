import { simpleParser } from 'mailparser';
import { answeredMessageIds, classify, replyTokens, sanitiseMailHtml, splitQuoted } from './inbound-mail.parse.js';

const token = 'abcdefghijklmnopqrstuvwx';

function mail(headers: string, body = 'Hello'): Promise<Awaited<ReturnType<typeof simpleParser>>> {
  return simpleParser(`${headers}\r\nSubject: Test\r\n\r\n${body}\r\n`);
}

describe('reading a mail from the connected mailbox', () => {
  it('finds the enquiry token only in a plus-address of the reply address itself', async () => {
    const parsed = await mail(`From: jo@example.com\r\nTo: "Northbeam" <replies+${token}@northbeam.test>`);
    expect(replyTokens(parsed, 'replies@northbeam.test')).toEqual([token]);
    const elsewhere = await mail(`From: jo@example.com\r\nTo: replies+${token}@attacker.example`);
    expect(replyTokens(elsewhere, 'replies@northbeam.test')).toEqual([]);
    const other = await mail(`From: jo@example.com\r\nTo: sales+${token}@northbeam.test`);
    expect(replyTokens(other, 'replies@northbeam.test')).toEqual([]);
    const delivered = await mail(
      `From: jo@example.com\r\nTo: list@x.example\r\nDelivered-To: replies+${token}@northbeam.test`,
    );
    expect(replyTokens(delivered, 'replies@northbeam.test')).toEqual([token]);
  });

  it('reads the Message-IDs an answer answers', async () => {
    const parsed = await mail('From: jo@example.com\r\nIn-Reply-To: <a@x>\r\nReferences: <b@x> <a@x>');
    expect(answeredMessageIds(parsed).sort()).toEqual(['<a@x>', '<b@x>']);
  });

  it('tells auto-replies and bounces from answers written by a person', async () => {
    expect(classify(await mail('From: jo@example.com'))).toBe('answer');
    expect(classify(await mail('From: jo@example.com\r\nAuto-Submitted: no'))).toBe('answer');
    expect(classify(await mail('From: jo@example.com\r\nAuto-Submitted: auto-replied'))).toBe('auto_reply');
    expect(classify(await mail('From: jo@example.com\r\nX-Autoreply: yes'))).toBe('auto_reply');
    expect(classify(await mail('From: jo@example.com\r\nPrecedence: auto_reply'))).toBe('auto_reply');
    expect(classify(await mail('From: MAILER-DAEMON@mx.example.com'))).toBe('bounce');
    expect(
      classify(
        await mail(
          'From: postmaster@mx.example.com\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"',
          '--b\r\nContent-Type: text/plain\r\n\r\nFailed\r\n--b--',
        ),
      ),
    ).toBe('bounce');
  });

  it('folds the quoted history away from the new text', () => {
    expect(splitQuoted('Yes please.\n\nOn Mon, 1 Dec 2026, Ines wrote:\n> Shall we?')).toEqual({
      text: 'Yes please.',
      quoted: 'On Mon, 1 Dec 2026, Ines wrote:\n> Shall we?',
    });
    expect(splitQuoted('Fine\n-----Original Message-----\nFrom: x')).toEqual({
      text: 'Fine',
      quoted: '-----Original Message-----\nFrom: x',
    });
    // All quote: kept whole as the text rather than shown empty.
    expect(splitQuoted('> only a quote')).toEqual({ text: '> only a quote', quoted: '' });
  });

  it('keeps only harmless HTML', () => {
    const clean = sanitiseMailHtml(
      '<p style="x" onclick="y()">Hi <b>there</b></p><script>alert(1)</script><style>p{}</style><img src="https://t.example/p.gif"><a href="javascript:alert(1)">a</a><a href="https://ok.example">b</a><iframe src="https://x"></iframe>',
    );
    expect(clean).toBe(
      '<p>Hi <b>there</b></p><a target="_blank" rel="noopener noreferrer nofollow">a</a><a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">b</a>',
    );
  });
});
