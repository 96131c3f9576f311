import type { StaffRole } from '@northbeam/common';
import supertest from 'supertest';
import type { StaffAccountSummary } from '../../src/modules/users/dto/staff-account.dto.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import type { TestApp } from '../helpers/test-app.js';

export const staffPassword = 'correct horse battery staple';

export async function createStaff(
  testApp: TestApp,
  role: StaffRole,
  email = `${role.replace('_', '-')}@northbeam.example`,
): Promise<StaffAccountSummary> {
  return testApp.app.get(UsersService).create({ email, name: `Test ${role}`, role, password: staffPassword });
}

/** A supertest agent that keeps cookies, signed in as the given account. */
export async function signedInAgent(testApp: TestApp, email: string, password = staffPassword) {
  const agent = supertest.agent(testApp.app.getHttpServer());
  const response = await agent.post('/api/admin/login').send({ email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return agent;
}

export function sessionCookie(setCookie: string | string[] | undefined, name = 'nb.sid'): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}
