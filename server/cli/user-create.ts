// `npm run user:create -- --email you@example.com --first-name Ana --last-name Roy --company "Acme" [--super-admin]`
// Creates a back-office user (and the company if it does not exist yet) in the configured database, migrated
// first if needed. The password is asked on the terminal; without one, it is the first line of the standard input
// (`printf '%s\n' "$PASSWORD" | npm run user:create -- …`); MAILLAGE_PASSWORD, when set, comes before both.
import { createInterface } from 'node:readline/promises';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailAddress, language, requiredText } from '../../contracts/http';
import { findCompanyByName, insertCompany } from '../modules/companies/repository';
import { hashPassword, PASSWORD_MIN_LENGTH } from '../modules/users/passwords';
import { findUserByEmail, insertUser } from '../modules/users/repository';
import { openConfiguredDatabase } from './open';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    company: { type: 'string' },
    locale: { type: 'string', default: 'fr' },
    'super-admin': { type: 'boolean', default: false },
  },
});

const input = z
  .object({
    email: emailAddress,
    firstName: requiredText(100),
    lastName: requiredText(100),
    company: requiredText(120),
    locale: language,
  })
  .safeParse({
    email: values.email,
    firstName: values['first-name'],
    lastName: values['last-name'],
    company: values.company,
    locale: values.locale,
  });
if (!input.success) {
  console.error(
    'Usage: npm run user:create -- --email E --first-name F --last-name L --company C [--locale fr|en] [--super-admin]',
  );
  for (const issue of input.error.issues) console.error(`  --${String(issue.path[0])}: ${issue.message}`);
  process.exit(2);
}

/** MAILLAGE_PASSWORD, else asked on the terminal, else the first line of the standard input (a pipe). */
async function askPassword(): Promise<string> {
  if (process.env.MAILLAGE_PASSWORD) return process.env.MAILLAGE_PASSWORD;
  if (!process.stdin.isTTY) return (await text(process.stdin)).split(/\r?\n/)[0];
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const password = await rl.question(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `);
  rl.close();
  return password;
}

const password = await askPassword();
if (password.length < PASSWORD_MIN_LENGTH) {
  console.error(`The password needs at least ${PASSWORD_MIN_LENGTH} characters.`);
  process.exit(2);
}

const database = await openConfiguredDatabase();
try {
  const { email, firstName, lastName, company, locale } = input.data;
  if (await findUserByEmail(database.db, email)) {
    console.error(`A user with the e-mail ${email} already exists.`);
    process.exitCode = 1;
  } else {
    const companyId =
      (await findCompanyByName(database.db, company))?.id ??
      (await insertCompany(database.db, { name: company }));
    await insertUser(database.db, {
      companyId,
      email,
      firstName,
      lastName,
      locale,
      isSuperAdmin: values['super-admin'],
      passwordHash: await hashPassword(password),
    });
    console.log(
      `Created ${values['super-admin'] ? 'super-admin' : 'user'} ${email} in company "${company}".`,
    );
  }
} finally {
  await database.close();
}
