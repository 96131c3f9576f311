import { simpleParser } from 'mailparser';
import { readDeliveryReport } from './newsletter-bounces.js';

const dsn = (perRecipient: string) =>
  [
    'From: MAILER-DAEMON@mx.example.net',
    'To: bounces@northbeam.example',
    'Subject: Delivery Status Notification',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'Some mail could not be delivered.',
    '',
    '--b',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    perRecipient,
    '',
    '--b',
    'Content-Type: text/rfc822-headers',
    '',
    'To: reader@example.com',
    'X-Northbeam-Issue: 0b8f7e0e-6f1c-4a54-9c1a-2f4d5b6c7d8e',
    '',
    '--b--',
    '',
  ].join('\r\n');

describe('readDeliveryReport', () => {
  it('reads each recipient of a DSN: 5.x.x hard, 4.x.x soft, a delivered one not at all, and the quoted issue', async () => {
    const parsed = await simpleParser(
      dsn(
        [
          'Final-Recipient: rfc822; Hard@Example.com',
          'Action: failed',
          'Status: 5.1.1',
          '',
          'Final-Recipient: rfc822; soft@example.com',
          'Action: delayed',
          'Status: 4.2.2',
          '',
          'Final-Recipient: rfc822; fine@example.com',
          'Action: delivered',
          'Status: 2.0.0',
        ].join('\r\n'),
      ),
    );
    expect(readDeliveryReport(parsed)).toEqual({
      problems: [
        { email: 'hard@example.com', kind: 'hard_bounce' },
        { email: 'soft@example.com', kind: 'soft_bounce' },
      ],
      issueId: '0b8f7e0e-6f1c-4a54-9c1a-2f4d5b6c7d8e',
    });
  });

  it('is null for an ordinary message and for a report of another type', async () => {
    expect(readDeliveryReport(await simpleParser('From: a@example.com\r\nSubject: Hi\r\n\r\nHello\r\n'))).toBeNull();
    const other = await simpleParser(
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nRead.\r\n--b--\r\n',
    );
    expect(readDeliveryReport(other)).toBeNull();
  });
});
