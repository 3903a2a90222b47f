/**
 * `npm run staff -- create --email … --role operator|brand-manager|support|hotel [--brand short …]
 * [--hotel id …] [--name …]`:
 * makes a staff account (the first operator of a fresh installation) with a generated password, printed
 * once. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { type StaffRole, staffRoles } from '@shop/contracts/admin';
import { loadConfig } from '#src/config.ts';
import { openDatabase } from '#src/db/client.ts';
import {
  checkNewStaffMember,
  createStaffMember,
  generatedPassword,
  type NewStaffMember,
} from '#src/modules/admin/staff/staff-accounts.ts';

const usage =
  'usage: npm run staff -- create --email <address> --role <operator|brand-manager|support|hotel> [--brand <short>]… [--hotel <id>]… [--name <name>]';

function parseMember(argv: string[]): NewStaffMember | string {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (positionals[0] !== 'create' || positionals.length !== 1) return 'the only command is "create"';
  if (!values.email) return '--email is required';
  if (!staffRoles.includes(values.role as StaffRole)) return `--role must be one of ${staffRoles.join(', ')}`;
  const email = values.email.trim().toLowerCase();
  const member: NewStaffMember = {
    email,
    name: values.name?.trim() || email,
    role: values.role as StaffRole,
    password: generatedPassword(),
    brands: values.brand ?? [],
    hotels: (values.hotel ?? []).map(Number),
  };
  if (member.hotels?.some((id) => !Number.isSafeInteger(id) || id < 1)) return '--hotel takes a hotel id';
  return checkNewStaffMember(member) ?? member;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      brand: { type: 'string', multiple: true },
      hotel: { type: 'string', multiple: true },
      name: { type: 'string' },
    },
  });
}

async function main(): Promise<number> {
  const member = parseMember(process.argv.slice(2));
  if (typeof member === 'string') {
    console.error(`staff: ${member}\n${usage}`);
    return 2;
  }
  // Making an account takes no payments: a DATABASE_URL without PAYMENTS_MODE is fine here.
  const config = loadConfig({ ...process.env, PAYMENTS_MODE: process.env.PAYMENTS_MODE || 'sandbox' });
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
    schemaName: config.databaseSchema,
  });
  try {
    await handle.migrate();
    await createStaffMember(handle.db, member);
  } catch (error) {
    // Drizzle's error quotes the query's parameters (the password hash among them): say only the cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === '23505') console.error(`staff: ${member.email} already has an account`);
    else console.error(`staff: ${cause?.message ?? (error as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
  console.log(`staff: ${member.role} ${member.email} created.`);
  console.log(`Password (shown once; sign in at /admin and set up the second factor): ${member.password}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('staff: failed', error);
    process.exitCode = 1;
  },
);
