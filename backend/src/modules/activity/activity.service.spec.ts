import { permissionsFor, type StaffRole, type StaffUser } from '@northbeam/common';
import type { ActivityFilter, ActivityRepository } from './activity.repository.js';
import { ActivityService } from './activity.service.js';

function user(role: StaffRole): StaffUser {
  return {
    id: `${role}-id`,
    name: role,
    email: `${role}@x.example`,
    role,
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
    permissions: permissionsFor(role),
    teamMemberId: null,
  };
}

function recordingRepository(filters: ActivityFilter[]): ActivityRepository {
  return {
    findPage: (filter: ActivityFilter) => {
      filters.push(filter);
      return Promise.resolve([[], 0]);
    },
    actorEmails: () => Promise.resolve(new Map()),
  } as unknown as ActivityRepository;
}

describe(ActivityService.name, () => {
  it('limits a consultant to their own actions whatever actor they ask for', async () => {
    const filters: ActivityFilter[] = [];
    await new ActivityService(recordingRepository(filters)).list({ actor: 'admin-id' }, user('consultant'));
    expect(filters[0].actorId).toBe('consultant-id');
  });

  it('lets an admin filter by actor, and turns the dates into a whole-day range', async () => {
    const filters: ActivityFilter[] = [];
    await new ActivityService(recordingRepository(filters)).list(
      {
        actor: 'someone',
        from: '2026-11-01',
        to: '2026-11-02',
        page: 2,
        limit: 10,
      },
      user('admin'),
    );
    expect(filters[0]).toEqual({
      actorId: 'someone',
      action: undefined,
      from: new Date('2026-11-01T00:00:00Z'),
      before: new Date('2026-11-03T00:00:00Z'),
      offset: 10,
      limit: 10,
    });
  });
});
