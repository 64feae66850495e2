import { DEFAULT_ORGANIZATION } from '@basira/shared/auth/auth.schemas';
import type { Db } from '../../db/client.ts';
import { generatePassword } from '../../lib/passwords.ts';
import { findOrganization } from '../../lib/organizations.ts';
import { createOrganization } from './organizations.service.ts';

/**
 * First start on an empty database: the `default` organization and its administrator. A generated password
 * is printed once to standard output whatever the log level, and must be changed at first sign-in.
 */
export async function bootstrapDefaultOrganization(
  db: Db,
  admin: { email: string; password?: string | undefined },
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<boolean> {
  if (await findOrganization(db, DEFAULT_ORGANIZATION)) return false;
  const password = admin.password ?? generatePassword();
  await createOrganization(db, {
    slug: DEFAULT_ORGANIZATION,
    name: 'Basira',
    admin: {
      name: 'Administrator',
      email: admin.email,
      username: 'admin',
      password,
      mustChangePassword: !admin.password,
    },
  });
  print('');
  print('  First administrator created:');
  print(`    email:    ${admin.email}  (or username: admin)`);
  print(admin.password ? '    password: the value of ADMIN_PASSWORD' : `    password: ${password}`);
  if (!admin.password)
    print('  It is shown only this once; you will be asked to change it at first sign-in.');
  print('');
  return true;
}
