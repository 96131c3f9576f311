import { teamMemberActions } from './record-actions.js';

describe('team member actions', () => {
  const member = { id: 'member-1' };

  it('offers those who manage the team every change on every member, and adding one', () => {
    for (const role of ['super_admin', 'admin'] as const) {
      expect(teamMemberActions(member, { role, teamMemberId: null })).toEqual([
        'edit',
        'show_or_hide',
        'reorder',
        'remove',
      ]);
      expect(teamMemberActions(null, { role, teamMemberId: null })).toEqual(['edit', 'show_or_hide']);
    }
  });

  it('lets a consultant only edit the member linked to their account, and add none', () => {
    expect(teamMemberActions(member, { role: 'consultant', teamMemberId: 'member-1' })).toEqual(['edit']);
    expect(teamMemberActions(member, { role: 'consultant', teamMemberId: 'member-2' })).toEqual([]);
    expect(teamMemberActions(member, { role: 'consultant', teamMemberId: null })).toEqual([]);
    expect(teamMemberActions(null, { role: 'consultant', teamMemberId: 'member-1' })).toEqual([]);
  });
});
