import { expect } from 'vitest';
import { classResponse, type ClassView, type CreateClassBody } from '../../src/shared/contracts/programs';
import { signedInUser, type TestServer } from './test-server';

// A class and its people for the programs API tests (decision 106): an instructor made by an administrator, a class of
// theirs, and students who joined it by its code.

type User = Awaited<ReturnType<typeof signedInUser>>;

async function ok(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A user whom `admin` made an instructor on the user card's route. */
export async function makeInstructor(s: TestServer, admin: User, activeDays = 60): Promise<User> {
  const u = await signedInUser(s, { activeDays });
  await ok(await s.request(`/api/admin/users/${u.id}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'instructor' } }), 200);
  return u;
}

/** A class the instructor creates. */
export async function makeClass(s: TestServer, teacher: User, body: CreateClassBody): Promise<ClassView> {
  const res = await s.request('/api/instructor/classes', { method: 'POST', cookie: teacher.cookie, json: body });
  return classResponse.parse(await ok(res, 201)).class;
}

/** An EMT student who joined the class by its code, sharing their NREMT results or not. */
export async function joinedStudent(s: TestServer, c: ClassView, outcomesConsent = false, activeDays = 60): Promise<User> {
  const u = await signedInUser(s, { activeDays, courseLevel: 'EMT' });
  await ok(await s.request('/api/classes/join', { method: 'POST', cookie: u.cookie, json: { code: c.code, outcomesConsent } }), 201);
  return u;
}
