import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { createOrganization } from '../modules/organizations/organizations.service.ts';
import { users } from '../db/schema.ts';
import { eq } from 'drizzle-orm';

/**
 * The API test harness: the real app, built in-process on a fresh PGlite (TEST_DB unset) or on the run's
 * PostgreSQL database (TEST_DB=postgres). Tests share no data: each makes its own organization.
 */
export interface TestApp extends BuiltApp {
  request(options: InjectOptions & { token?: string; org?: string }): Promise<LightMyRequestResponse>;
  newOrg(): Promise<TestOrg>;
  login(org: string, identifier: string, password: string): Promise<string>;
}

export interface TestOrg {
  slug: string;
  id: number;
  adminId: number;
  adminEmail: string;
  adminPassword: string;
  adminToken: string;
  adminRoleId: number;
}

/** A route's URL with every path parameter filled in (`/api/role/:id` → `/api/role/1`). */
export const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+\??/g, '1');

export const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function startTestApp(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const databaseUrl = inject('databaseUrl');
  const config: Config = loadConfig({
    // TEST_LOG=error shows the server's own log, where a 500's cause is.
    LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    ADMIN_PASSWORD: 'bootstrap-password',
    // Background jobs run only where a test drives them (they serve every organization of the shared database).
    TELEGRAM_WORKER: 'false',
    // Tests call as fast as the machine goes, far past a person: the per-user limit has tests of its own.
    REQUESTS_PER_USER_PER_MINUTE: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const snapshot = inject('pgliteSnapshot');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: 'memory://',
    poolSize: 4,
    ...(snapshot && !config.DATABASE_URL ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
  });
  const built = await buildApp(config, {
    database,
    clock: options.clock,
    print: () => {},
    checkAnswers: true,
  });

  const request: TestApp['request'] = ({ token, org, headers, ...rest }) =>
    built.app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(org ? { 'x-organization': org } : {}),
        ...headers,
      },
    });

  const login = async (org: string, identifier: string, password: string) => {
    const res = await request({
      method: 'POST',
      url: '/api/login',
      org,
      payload: { email: identifier, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { token: string } }).data.token;
  };

  return {
    ...built,
    request,
    login,
    close: async () => {
      await built.close();
      await database.close();
    },
    newOrg: async () => {
      const slug = `t-${randomBytes(5).toString('hex')}`;
      const adminEmail = `admin@${slug}.test`;
      const adminPassword = `pw-${randomBytes(6).toString('hex')}`;
      const { org, admin, adminRole } = await createOrganization(built.database.db, {
        slug,
        name: `Clinic ${slug}`,
        admin: { name: 'Admin User', email: adminEmail, password: adminPassword, mustChangePassword: false },
      });
      return {
        slug,
        id: org.id,
        adminId: admin.id,
        adminEmail,
        adminPassword,
        adminRoleId: adminRole.id,
        adminToken: await login(slug, adminEmail, adminPassword),
      };
    },
  };
}

/** Makes a role with the given permissions and a user holding it, signed in; returns the user's token. */
export async function userWith(
  t: TestApp,
  org: TestOrg,
  permissions: string[],
  // As migration 0007 marked them: whoever could open boards was a doctor.
  { isDoctor = permissions.includes('open board') }: { isDoctor?: boolean } = {},
): Promise<{ token: string; id: number; roleId: number; email: string; password: string }> {
  const suffix = randomBytes(4).toString('hex');
  const role = await t.request({
    method: 'POST',
    url: '/api/role',
    org: org.slug,
    token: org.adminToken,
    payload: { name: `role-${suffix}`, permissions },
  });
  if (role.statusCode !== 201) throw new Error(`role: ${role.body}`);
  const roleId = (role.json() as { data: { id: number } }).data.id;
  const email = `user-${suffix}@example.com`;
  const password = `pw-${suffix}-secret`;
  const user = await t.request({
    method: 'POST',
    url: '/api/user',
    org: org.slug,
    token: org.adminToken,
    payload: {
      name: `User ${suffix}`,
      email,
      password,
      password_confirmation: password,
      roles: [roleId],
      isDoctor,
    },
  });
  if (user.statusCode !== 201) throw new Error(`user: ${user.body}`);
  const id = (user.json() as { data: { id: number } }).data.id;
  // Users made by an admin must choose their own password first; tests act as that user having done so.
  await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));
  return { token: await t.login(org.slug, email, password), id, roleId, email, password };
}
