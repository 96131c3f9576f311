import { redirectActions } from './record-actions.js';

describe('redirect actions', () => {
  it('lets those who manage the settings add and remove redirects, and nobody else', () => {
    for (const role of ['super_admin', 'admin'] as const) {
      expect(redirectActions({ id: 'r' }, { role })).toEqual(['remove']);
      expect(redirectActions(null, { role })).toEqual(['add']);
    }
    expect(redirectActions({ id: 'r' }, { role: 'consultant' })).toEqual([]);
    expect(redirectActions(null, { role: 'consultant' })).toEqual([]);
  });
});
