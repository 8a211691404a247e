import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../permissions/roles';
import type { CountryCode } from '../../contract/countryCodes';
import { hashPassword } from '../core/auth/passwords';
import type { Database } from '../core/db/database';
import { systemShares, users } from '../core/db/schema';
import { nameSkeleton } from '../core/auth/name-skeleton';

export interface DemoUser {
  username: Role;
  displayName: string;
  email: string;
  /** ISO 3166-1 alpha-2 (the user form's picker stores codes). */
  country: CountryCode;
  company: string;
  phone: string;
  timeZone: string;
}

/** One user per role, named after it (README: Demo users). start.ts prints this list. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'admin',
    displayName: 'Anna Lindqvist',
    email: 'anna.lindqvist@ess-portal.example',
    country: 'DE',
    company: 'ESS Portal GmbH',
    phone: '+49 30 5557 1001',
    timeZone: 'Europe/Berlin',
  },
  {
    username: 'customer',
    displayName: 'Thomas Becker',
    email: 'thomas.becker@mail.example',
    country: 'DE',
    company: '',
    phone: '+49 89 5557 2040',
    timeZone: 'Europe/Berlin',
  },
  {
    username: 'sharer',
    displayName: 'Julia Becker',
    email: 'julia.becker@mail.example',
    country: 'DE',
    company: '',
    phone: '+49 89 5557 2041',
    timeZone: 'Europe/Berlin',
  },
  {
    username: 'installer',
    displayName: 'Marco Rossi',
    email: 'marco.rossi@sole-impianti.example',
    country: 'IT',
    company: 'Sole Impianti S.r.l.',
    phone: '+39 02 5557 3100',
    timeZone: 'Europe/Rome',
  },
  {
    username: 'servicer',
    displayName: 'Li Wei',
    email: 'li.wei@ess-portal.example',
    country: 'CN',
    company: 'ESS Portal Service Center',
    phone: '+86 21 5557 4200',
    timeZone: 'Asia/Shanghai',
  },
  {
    username: 'reseller',
    displayName: 'Sophie Martin',
    email: 'sophie.martin@energie-distribution.example',
    country: 'FR',
    company: 'Énergie Distribution SAS',
    phone: '+33 1 5557 5300',
    timeZone: 'Europe/Paris',
  },
  {
    username: 'dev',
    displayName: 'Kenji Watanabe',
    email: 'kenji.watanabe@ess-portal.example',
    country: 'JP',
    company: 'ESS Portal R&D',
    phone: '+81 3 5557 6400',
    timeZone: 'Asia/Tokyo',
  },
  {
    username: 'servicepartner',
    displayName: 'Pieter de Vries',
    email: 'pieter.devries@zonservice.example',
    country: 'NL',
    company: 'ZonService B.V.',
    phone: '+31 20 5557 7500',
    timeZone: 'Europe/Amsterdam',
  },
  {
    username: 'systemmanager',
    displayName: 'Claudia Hofmann',
    email: 'claudia.hofmann@ess-portal.example',
    country: 'AT',
    company: 'ESS Portal GmbH',
    phone: '+43 1 5557 8600',
    timeZone: 'Europe/Vienna',
  },
  {
    username: 'vppmanager',
    displayName: 'James Whitfield',
    email: 'james.whitfield@gridflex.example',
    country: 'GB',
    company: 'GridFlex Energy Ltd',
    phone: '+44 20 5557 9700',
    timeZone: 'Europe/London',
  },
  {
    username: 'fasw',
    displayName: 'Zhang Min',
    email: 'zhang.min@ess-portal.example',
    country: 'CN',
    company: 'ESS Portal Factory After-Sales',
    phone: '+86 512 5557 1800',
    timeZone: 'Asia/Shanghai',
  },
  {
    username: 'dasw',
    displayName: 'Wang Fang',
    email: 'wang.fang@ess-portal.example',
    country: 'CN',
    company: 'ESS Portal Domestic After-Sales',
    phone: '+86 755 5557 1900',
    timeZone: 'Asia/Shanghai',
  },
  {
    username: 'sncreator',
    displayName: 'Lukas Schneider',
    email: 'lukas.schneider@ess-portal.example',
    country: 'DE',
    company: 'ESS Portal GmbH',
    phone: '+49 30 5557 2000',
    timeZone: 'Europe/Berlin',
  },
  {
    username: 'supplier',
    displayName: 'Hiroshi Tanaka',
    email: 'hiroshi.tanaka@cellworks.example',
    country: 'JP',
    company: 'CellWorks Co., Ltd.',
    phone: '+81 6 5557 2100',
    timeZone: 'Asia/Tokyo',
  },
];

/** The system the demo customer shares with the demo sharer (a plain S/N until systems exist). */
export const DEMO_SHARED_SN = 'ESS2024A0001';
const SHARE_DAYS = 365;

export interface SeedOptions {
  password: string;
  now: Date;
  /**
   * The demo users' password hashes, one per DEMO_USERS entry, when the caller already has them: the API tests
   * seed before every test, and 14 argon2 hashes (slow by design) were most of that time. Made here otherwise.
   */
  passwordHashes?: readonly string[];
}

/** A hash of `password` for each demo user, each with its own salt. */
export function demoPasswordHashes(password: string): Promise<string[]> {
  return Promise.all(DEMO_USERS.map(() => hashPassword(password)));
}

/** Fills an empty database with the demo; running it again adds nothing that is already there. */
export async function seedDemo(db: Database, { password, now, passwordHashes }: SeedOptions): Promise<void> {
  // Each user gets its own salt; hashing in parallel keeps the first start quick.
  const hashes = passwordHashes ?? (await demoPasswordHashes(password));
  await db
    .insert(users)
    .values(
      DEMO_USERS.map((user, i) => ({
        username: user.username,
        usernameSkeleton: nameSkeleton(user.username),
        passwordHash: hashes[i]!,
        displayName: user.displayName,
        email: user.email,
        phone: user.phone,
        country: user.country,
        company: user.company,
        timeZone: user.timeZone,
        languageCode: 'en-US',
        roles: [user.username],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();

  const idOf = async (username: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, username))
    )[0]!.id;
  const ownerUserId = await idOf('customer');
  const sharerUserId = await idOf('sharer');
  const existing = await db
    .select({ id: systemShares.id })
    .from(systemShares)
    .where(and(eq(systemShares.sharerUserId, sharerUserId), eq(systemShares.systemSn, DEMO_SHARED_SN)));
  if (existing.length === 0) {
    const sharer = DEMO_USERS.find((u) => u.username === 'sharer')!;
    await db.insert(systemShares).values({
      systemSn: DEMO_SHARED_SN,
      ownerUserId,
      sharerUserId,
      email: sharer.email,
      expiresAt: new Date(now.getTime() + SHARE_DAYS * 24 * 60 * 60 * 1000),
      createdAt: now,
    });
  }
}

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users);
  return (row?.count ?? 0) === 0;
}
