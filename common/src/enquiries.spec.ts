import { enquiryActions, replyTemplateActions } from './record-actions.js';

describe('enquiry actions', () => {
  it('offers admins every action on every enquiry, assigned or not', () => {
    for (const role of ['super_admin', 'admin'] as const) {
      for (const assigneeId of [null, 'me', 'someone-else'])
        expect(enquiryActions({ assigneeId }, { id: 'me', role })).toEqual([
          'change_status',
          'add_note',
          'reply',
          'assign',
        ]);
    }
  });

  it('lets a consultant change the status, note and reply on their own enquiries, never reassign', () => {
    const consultant = { id: 'me', role: 'consultant' as const };
    expect(enquiryActions({ assigneeId: 'me' }, consultant)).toEqual(['change_status', 'add_note', 'reply']);
    expect(enquiryActions({ assigneeId: 'someone-else' }, consultant)).toEqual([]);
    expect(enquiryActions({ assigneeId: null }, consultant)).toEqual([]);
  });
});

describe('reply template actions', () => {
  it('lets admins add, edit and delete templates, and a consultant only read them', () => {
    for (const role of ['super_admin', 'admin'] as const) {
      expect(replyTemplateActions({ id: 't' }, { role })).toEqual(['edit', 'delete']);
      expect(replyTemplateActions(null, { role })).toEqual(['edit']);
    }
    expect(replyTemplateActions({ id: 't' }, { role: 'consultant' })).toEqual([]);
    expect(replyTemplateActions(null, { role: 'consultant' })).toEqual([]);
  });
});
