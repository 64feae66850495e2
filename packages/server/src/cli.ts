import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { DEFAULT_ORGANIZATION } from '@basira/shared/auth/auth.schemas';
import { userCreateSchema } from '@basira/shared/users/users.schemas';
import { loadConfig } from './config.ts';
import { BACKUP_COMMANDS, BACKUP_HELP, runBackupCommand } from './modules/backup/backup-cli.ts';
import { openDatabase, type Db } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { findOrganization, ORG_SLUG } from './lib/organizations.ts';
import { generatePassword } from './lib/passwords.ts';
import { keepFilesPrivate } from './lib/private-files.ts';
import { administrationPrincipal, SessionService } from './lib/sessions.ts';
import { seedCountries } from './modules/countries/countries.service.ts';
import { createOrganization } from './modules/organizations/organizations.service.ts';
import { RolesService } from './modules/roles/roles.service.ts';
import { UsersService } from './modules/users/users.service.ts';
import type { Organization, RequestContext } from './types.ts';

const HELP = `Basira administration
  npm run cli -- create-org --slug <slug> --name <name> --admin-email <email> [--admin-password <pw>] [--time-zone <tz>]
  npm run cli -- create-user --email <email> --name <name> [--username <u>] [--password <pw>] [--role <role name>] [--org <slug>]
  npm run cli -- reset-password (--email <email> | --username <u>) [--password <pw>] [--org <slug>]
Uses DATABASE_URL / DATA_DIR like the server. A password that is not given is generated and printed;
any password set here must be changed by its user at the next sign-in.

${BACKUP_HELP}`;

// A restore, a backup or a copy writes the same kind of files as the server: its user's alone.
keepFilesPrivate();

// Backups parse their own options and open the database their own way (the running server may hold it).
if (BACKUP_COMMANDS.includes(process.argv[2] ?? ''))
  process.exit(await runBackupCommand(process.argv.slice(2), loadConfig()));

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

async function organization(db: Db): Promise<Organization> {
  const org = await findOrganization(db, values.org!);
  if (!org) throw new Error(`No organization "${values.org}"`);
  return org;
}

/** The services the API uses, with the administration CLI as the acting administrator (audited as `cli`). */
function servicesFor(db: Db, org: Organization) {
  const sessions = new SessionService(database, systemClock, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_MINUTES * 60_000,
  });
  const ctx: RequestContext = {
    orgId: org.id,
    timeZone: org.timeZone,
    userId: null,
    ip: 'cli',
    requestId: `cli-${randomUUID()}`,
  };
  return {
    ctx,
    actor: administrationPrincipal(org),
    users: new UsersService(db, sessions),
    roles: new RolesService(db, sessions),
  };
}

/** A request schema's verdict as one line per field. */
function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new Error(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
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
    const { ctx, actor, users, roles } = servicesFor(db, await organization(db));
    const roleIds: number[] = [];
    if (values.role) {
      const wanted = values.role.toLowerCase();
      const role = (await roles.list(ctx.orgId)).find((r) => r.name.toLowerCase() === wanted);
      if (!role) throw new Error(`No role "${values.role}"`);
      roleIds.push(role.id);
    }
    const password = values.password ?? generatePassword();
    const input = parsed(userCreateSchema, {
      name: need('name'),
      email: need('email'),
      username: values.username ?? null,
      roles: roleIds,
      password,
      password_confirmation: password,
    });
    const user = await users.create(ctx, actor, input);
    return `User ${user.email} created (id ${user.id}). Password: ${password}`;
  },
  'reset-password': async (db) => {
    const { ctx, users } = servicesFor(db, await organization(db));
    const who = values.email ?? values.username;
    if (!who) throw new Error('--email or --username is required');
    const user = await users.byIdentifier(ctx.orgId, who);
    if (!user) throw new Error(`No user "${who}" in "${values.org}"`);
    const password = values.password ?? generatePassword();
    await users.resetPassword(ctx, user.id, password);
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
