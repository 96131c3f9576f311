import { newsletterIssueActions } from './newsletter-issues.js';

describe('newsletterIssueActions', () => {
  it('changes, deletes and sends only a draft, and sends a test of any issue', () => {
    expect(newsletterIssueActions('draft')).toEqual(['edit', 'delete', 'send_test', 'send', 'schedule']);
    expect(newsletterIssueActions('scheduled')).toEqual(['send_test', 'unschedule']);
    expect(newsletterIssueActions('sending')).toEqual(['send_test']);
    expect(newsletterIssueActions('sent')).toEqual(['send_test']);
  });
});
