import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_ORGANIZATION } from '@basira/shared/auth/auth.schemas';
import { loadConfig } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { roles, sessions, userRoles, users } from './db/schema.ts';
import { generatePassword, hashPassword } from './lib/passwords.ts';
import { AUTH_CHANNEL } from './modules/auth/session.service.ts';
import { seedCountries } from './modules/countries/countries.service.ts';
import {
  createOrganization,
  findOrganization,
  ORG_SLUG,
} from './modules/organizations/organizations.service.ts';

const HELP = `Basira administration
  npm run cli -- create-org --slug <slug> --name <name> --admin-email <email> [--admin-password <pw>] [--time-zone <tz>]
  npm run cli -- create-user --email <email> --name <name> [--username <u>] [--password <pw>] [--role <role name>] [--org <slug>]
  npm run cli -- reset-password (--email <email> | --username <u>) [--password <pw>] [--org <slug>]
Uses DATABASE_URL / DATA_DIR like the server. A password that is not given is generated and printed;
any password set here must be changed by its user at the next sign-in.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    org: { type: 'string', default: DEFAULT_ORGANIZATION },
    slug: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-password': { type: 'string' },
    'time-zone': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function need(name: keyof typeof values): string {
  const v = values[name];
  if (typeof v !== 'string' || !v.trim()) throw new Error(`--${name} is required`);
  return v.trim();
}

async function orgId(db: Db): Promise<number> {
  const org = await findOrganization(db, values.org!);
  if (!org) throw new Error(`No organization "${values.org}"`);
  return org.id;
}

const commands: Record<string, (db: Db) => Promise<string>> = {
  'create-org': async (db) => {
    const slug = need('slug');
    if (!ORG_SLUG.test(slug)) throw new Error('--slug: lower-case letters, digits and dashes');
    const password = values['admin-password'] ?? generatePassword();
    await createOrganization(db, {
      slug,
      name: need('name'),
      ...(values['time-zone'] ? { timeZone: values['time-zone'] } : {}),
      admin: { name: 'Administrator', email: need('admin-email'), password, mustChangePassword: true },
    });
    return `Organization "${slug}" created. Administrator ${values['admin-email']} password: ${password}`;
  },
  'create-user': async (db) => {
    const org = await orgId(db);
    const password = values.password ?? generatePassword();
    const [user] = await db
      .insert(users)
      .values({
        orgId: org,
        name: need('name'),
        email: need('email'),
        username: values.username ?? null,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
      })
      .returning();
    if (values.role) {
      const [role] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.orgId, org), sql`lower(${roles.name}) = lower(${values.role})`));
      if (!role) throw new Error(`No role "${values.role}" (the user was created without a role)`);
      await db.insert(userRoles).values({ userId: user!.id, roleId: role.id });
    }
    return `User ${user!.email} created (id ${user!.id}). Password: ${password}`;
  },
  'reset-password': async (db) => {
    const org = await orgId(db);
    const who = values.email ?? values.username;
    if (!who) throw new Error('--email or --username is required');
    const password = values.password ?? generatePassword();
    const [user] = await db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        isActive: true,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(users.orgId, org),
          sql`(lower(${users.email}) = lower(${who}) or lower(${users.username}) = lower(${who}))`,
        ),
      )
      .returning();
    if (!user) throw new Error(`No user "${who}" in "${values.org}"`);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    // Running servers drop their cached sessions of this user at once.
    await database.notify(AUTH_CHANNEL, JSON.stringify({ userId: user.id }));
    return `Password of ${user.email} reset: ${password} (to be changed at next sign-in; their sessions were ended)`;
  },
};

const command = positionals[0];
if (values.help || !command || !commands[command]) {
  console.log(HELP);
  process.exit(values.help ? 0 : 2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  (error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
try {
  await database.prepare(seedCountries);
  console.log(await commands[command]!(database.db));
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
