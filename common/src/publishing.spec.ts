import { postActions } from './record-actions.js';

const admin = { id: 'a', role: 'admin' } as const;
const consultant = { id: 'c', role: 'consultant' } as const;
const post = (status: 'draft' | 'in_review' | 'scheduled' | 'published', createdById: string | null = 'c') => ({
  status,
  createdById,
});

describe('postActions', () => {
  it('lets an author who cannot publish edit and submit only their own drafts', () => {
    expect(postActions(null, consultant)).toEqual(['edit', 'submit_for_review']);
    expect(postActions(post('draft'), consultant)).toEqual(['edit', 'submit_for_review']);
    expect(postActions(post('draft', 'someone-else'), consultant)).toEqual([]);
    expect(postActions(post('in_review'), consultant)).toEqual([]);
    expect(postActions(post('published'), consultant)).toEqual([]);
  });

  it('lets those with every post edit, publish, schedule what is not live and send back what awaits review', () => {
    expect(postActions(null, admin)).toEqual(['edit', 'publish', 'schedule']);
    expect(postActions(post('draft'), admin)).toEqual(['edit', 'publish', 'schedule']);
    expect(postActions(post('in_review'), admin)).toEqual(['edit', 'publish', 'schedule', 'send_back']);
    expect(postActions(post('scheduled'), { id: 'x', role: 'super_admin' })).toEqual(['edit', 'publish', 'schedule']);
    expect(postActions(post('published'), admin)).toEqual(['edit', 'publish']);
  });
});
