// The clinic's staff in the benchmark organization: a role per desk (the permissions of the demo clinic's roles)
// and one account per simulated user, made once through the users API and kept; every run signs each in anew.
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { DEMO_ROLES } from '@basira/server/src/demo/demo.ts';
import type { Api } from './client.ts';
import { ADMIN_EMAIL, CASHIERS, ORG_SLUG, PASSWORD, ROLE_SHARES } from './config.ts';
import { ensurePriceList } from './money.ts';

export type Desk = 'reception' | 'optometrist' | 'doctor' | 'admin';

export interface User {
  n: number;
  desk: Desk;
  id: number;
  token: string;
  /** One of reception's users who takes the payments (`CASHIERS`) instead of registering and queueing. */
  cashier: boolean;
}

const ROLES: Record<Exclude<Desk, 'admin'>, { name: string; permissions: PermissionName[] }> = {
  reception: { name: 'Load Reception', permissions: DEMO_ROLES.Reception },
  optometrist: { name: 'Load Optometrist', permissions: DEMO_ROLES.Optometrist },
  doctor: { name: 'Load Doctor', permissions: DEMO_ROLES.Doctor },
};

/** The desks of `users` people: reception, optometrists and administrators by share, the rest doctors. */
export function desks(users: number): Desk[] {
  const count = (share: number) => Math.max(1, Math.round(users * share));
  const reception = count(ROLE_SHARES.reception);
  const optometrist = count(ROLE_SHARES.optometrist);
  const admin = count(ROLE_SHARES.admin);
  return Array.from({ length: users }, (_, i): Desk => {
    if (i < reception) return 'reception';
    if (i < reception + optometrist) return 'optometrist';
    if (i < reception + optometrist + admin) return 'admin';
    return 'doctor';
  });
}

const json = <T>(text: string) => (JSON.parse(text) as { data: T }).data;

async function must(api: Api, method: string, path: string, token: string | null, body?: unknown) {
  const res = await api.call(method, path, token, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.text;
}

const signIn = async (api: Api, email: string, password: string) => {
  const res = await api.call('POST', '/api/login', null, { email, password });
  return res.status === 200 ? json<{ token: string; user: { id: number } }>(res.text) : null;
};

/** Signs in every user, making the roles and accounts that are missing first. */
export async function signInStaff(api: Api, users: number): Promise<User[]> {
  const admin = await signIn(api, ADMIN_EMAIL, PASSWORD);
  if (!admin) throw new Error(`cannot sign in ${ADMIN_EMAIL}`);
  await ensurePriceList(api, admin.token);
  const existing = json<{ id: number; name: string; permissions: string[]; version: number }[]>(
    await must(api, 'GET', '/api/role', admin.token),
  );
  const roleIds = new Map(existing.map((r) => [r.name, r.id]));
  // A role made before the demo's roles gained a permission (Reception's 'take payments') gets it now.
  for (const role of Object.values(ROLES)) {
    const made = existing.find((r) => r.name === role.name);
    if (made && role.permissions.some((p) => !made.permissions.includes(p)))
      await must(api, 'POST', `/api/role/${made.id}`, admin.token, { ...role, version: made.version });
  }
  const roleOf = async (desk: Desk) => {
    const role = desk === 'admin' ? { name: 'Administrator', permissions: [] } : ROLES[desk];
    let id = roleIds.get(role.name);
    if (id === undefined) {
      id = json<{ id: number }>(await must(api, 'POST', '/api/role', admin.token, role)).id;
      roleIds.set(role.name, id);
    }
    return id;
  };

  const out: User[] = [];
  for (const [n, desk] of desks(users).entries()) {
    const email = `load-${desk}-${n}@${ORG_SLUG}.bench`;
    let session = await signIn(api, email, PASSWORD);
    if (!session) {
      // An account an administrator makes must choose its own password at its first sign-in.
      const first = `first-${PASSWORD}`;
      const name = `Load ${desk} ${n}`;
      await must(api, 'POST', '/api/user', admin.token, {
        name,
        email,
        roles: [await roleOf(desk)],
        isDoctor: desk === 'doctor',
        password: first,
        password_confirmation: first,
      });
      const firstSession = await signIn(api, email, first);
      if (!firstSession) throw new Error(`cannot sign in ${email} with its first password`);
      await must(api, 'POST', '/api/profile', firstSession.token, {
        name,
        email,
        currentPassword: first,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      session = await signIn(api, email, PASSWORD);
      if (!session) throw new Error(`cannot sign in ${email}`);
    }
    out.push({
      n,
      desk,
      id: session.user.id,
      token: session.token,
      cashier: desk === 'reception' && n < CASHIERS,
    });
  }
  return out;
}
