import { subscriberActions } from './record-actions.js';

describe('subscriber actions', () => {
  it('lets those with every subscriber remove one, and nobody else', () => {
    expect(subscriberActions({ id: 's' }, { role: 'super_admin' })).toEqual(['remove']);
    expect(subscriberActions({ id: 's' }, { role: 'admin' })).toEqual(['remove']);
    expect(subscriberActions({ id: 's' }, { role: 'consultant' })).toEqual([]);
  });
});
