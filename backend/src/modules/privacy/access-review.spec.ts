import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { applyDecisions, namedPeople, reviewFindings } from './access-review.js';

const store = (name: string, extra: Partial<PersonalDataStore> = {}): PersonalDataStore => ({
  name,
  holds: name,
  count: () => Promise.resolve(0),
  ...extra,
});
const staff = [{ name: 'Oliver Quinn', email: 'oliver@northbeam.example' }];

describe('review before disclosure', () => {
  it('finds staff by name or address and other people’s addresses, never the requester’s or the site’s', () => {
    expect(
      namedPeople(
        { body: 'Oliver Quinn and mara@othercorp.example; me: ada@example.com; us: privacy@northbeam.example' },
        'ada@example.com',
        staff,
        ['northbeam.example'],
      ),
    ).toEqual(['Oliver Quinn', 'mara@othercorp.example']);
    expect(
      namedPeople({ body: 'Ask oliver@northbeam.example' }, 'ada@example.com', staff, ['northbeam.example']),
    ).toEqual(['Oliver Quinn']);
    expect(namedPeople({ body: 'Nothing about anyone' }, 'ada@example.com', staff, [])).toEqual([]);
  });

  it('flags a kind that is about others, summarises visits by day, and leaves out flagged records unless included', () => {
    const kinds = reviewFindings(
      [
        {
          store: store('analytics_events', { visits: true }),
          rows: [
            { path: '/a', at: '2026-11-02T10:00:00Z' },
            { path: '/a', at: '2026-11-02T11:00:00Z' },
          ],
        },
        { store: store('enquiry_notes', { review: 'An internal note' }), rows: [{ body: 'Call back' }] },
        { store: store('contact_messages'), rows: [{ id: 'm1', message: 'Hello' }] },
      ],
      'ada@example.com',
      staff,
      [],
    );
    expect(kinds.map((kind) => kind.store.name)).toEqual(['enquiry_notes', 'contact_messages', 'analytics_events']);
    const [notes, messages, visits] = kinds;
    expect(visits.findings).toHaveLength(1);
    expect(visits.findings[0].preview).toContainEqual({ label: 'Pages', value: '/a (2 times)' });
    expect(visits.summary).toBe('2 things recorded on 1 day on 2 Nov 2026');
    expect(notes.findings[0].review).toBe('An internal note');
    expect(messages.findings[0].review).toBeNull();

    const byDefault = applyDecisions(kinds, { include: [], exclude: [] });
    expect('unknown' in byDefault).toBe(false);
    if ('unknown' in byDefault) return;
    expect(byDefault.included.map((finding) => finding.store)).toEqual(['contact_messages', 'analytics_events']);
    expect(byDefault.excluded[0].reason).toBe('Not included after review: An internal note');

    const decided = applyDecisions(kinds, {
      include: [notes.findings[0].id],
      exclude: [{ id: messages.findings[0].id, reason: 'Exempt' }],
    });
    if ('unknown' in decided) throw new Error('unexpected');
    expect(decided.includedFlagged.map((finding) => finding.store)).toEqual(['enquiry_notes']);
    expect(decided.excluded).toEqual([{ finding: messages.findings[0], reason: 'Exempt' }]);
    expect(applyDecisions(kinds, { include: ['nope'], exclude: [] })).toEqual({ unknown: 'nope' });
  });

  it('keeps a record’s id while its state moves on (a mail sent), so the decision about it still holds', () => {
    const outbox = store('email_outbox', { identity: ['kind', 'subject', 'queuedAt'] });
    const queued = { kind: 'contact_receipt', subject: 'Thanks', queuedAt: '2026-11-02T10:00:00Z', status: 'pending' };
    const sent = { ...queued, status: 'sent', sentAt: '2026-11-02T10:01:00Z' };
    const id = (row: Record<string, unknown>) =>
      reviewFindings([{ store: outbox, rows: [row] }], 'ada@example.com', [], [])[0].findings[0].id;
    expect(id(sent)).toBe(id(queued));
    expect(id({ ...queued, subject: 'Other' })).not.toBe(id(queued));
  });
});
