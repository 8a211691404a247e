import { count, inArray } from 'drizzle-orm';
import { productSuggestions as declaration, type SuggestionState } from '../../resources/productSuggestions';
import type { Database } from '../core/db';
import { demoMinutes, demoMoment } from './time';
import { productSuggestions, users, workflowHistory } from '../core/db/schema';

/**
 * Demo product suggestions: one or more in every status, from customers, installers and staff, each
 * with the history of the steps that brought it there, so the list, its filters and the timeline show real data.
 */
interface DemoSuggestion {
  title: string;
  description: string;
  product_type: string;
  submitter: string;
  daysAgo: number;
  /** The steps taken, in order: [action, reviewer, fields]. */
  steps: readonly [string, string, Record<string, string>?][];
}

const DEMO: readonly DemoSuggestion[] = [
  {
    title: 'Show the battery temperature in the app',
    description:
      'Customers ask whether a cold garage harms the battery. The app could show the cell temperature next to the state of charge.',
    product_type: 'app',
    submitter: 'customer',
    daysAgo: 2,
    steps: [],
  },
  {
    title: 'Quick-release cover for the backup box',
    description: 'Opening the backup box needs eight screws; a quick-release cover would save ten minutes on every visit.',
    product_type: 'backupBox',
    submitter: 'installer',
    daysAgo: 9,
    steps: [['review', 'servicer']],
  },
  {
    title: 'Export the fault history as CSV',
    description: 'Service partners want to attach the fault history to their reports; a CSV download on the system page would do.',
    product_type: 'monitoring',
    submitter: 'servicepartner',
    daysAgo: 20,
    steps: [
      ['review', 'dev'],
      ['accept', 'dev'],
    ],
  },
  {
    title: 'Charge from the grid at night tariff',
    description: 'Let the EMS charge the battery from the grid in the cheapest tariff hours when tomorrow looks cloudy.',
    product_type: 'ems',
    submitter: 'reseller',
    daysAgo: 45,
    steps: [
      ['review', 'fasw'],
      ['accept', 'dev'],
      ['implement', 'dev', { version: 'EMS 2.4.0' }],
    ],
  },
  {
    title: 'Bigger display on the meter',
    description: 'The meter display is hard to read in a dark cellar; a backlit, larger display would help.',
    product_type: 'meter',
    submitter: 'customer',
    daysAgo: 30,
    steps: [['reject', 'dasw', { reason: 'The meter is a certified third-party part; its display cannot be changed.' }]],
  },
  {
    title: 'Inverter fan noise at night',
    description: 'Several customers with the inverter in a bedroom wall ask for a quiet mode that limits the fan at night.',
    product_type: 'inverter',
    submitter: 'servicer',
    daysAgo: 14,
    steps: [['review', 'dev']],
  },
];

const TO: Record<string, SuggestionState> = Object.fromEntries(
  declaration.workflow!.transitions.map((t) => [t.action, t.to as SuggestionState]),
);

export async function seedSuggestionsDemo(db: Database, { now }: { now: Date }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(productSuggestions);
  if (Number(existing?.n ?? 0) > 0) return;
  const names = [...new Set(DEMO.flatMap((s) => [s.submitter, ...s.steps.map(([, who]) => who)]))];
  const people = new Map(
    (await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, names))).map((u) => [
      u.username,
      u.id,
    ]),
  );
  for (const s of DEMO) {
    const submitterId = people.get(s.submitter);
    if (submitterId === undefined) continue;
    // Filed and moved on at times of day of their own, not at the minute the demo was seeded.
    const filed = demoMoment(now, s.daysAgo, `suggestion:${s.title}`);
    const last = s.steps.at(-1);
    const fields = Object.assign({}, ...s.steps.map(([, , f]) => f ?? {})) as Record<string, string>;
    const [row] = await db
      .insert(productSuggestions)
      .values({
        title: s.title,
        description: s.description,
        product_type: s.product_type,
        status: last ? TO[last[0]]! : 'submitted',
        reason: fields.reason ?? null,
        version: fields.version ?? null,
        submitter_id: submitterId,
        submitter: s.submitter,
        created_by: s.submitter,
        created_at: filed,
        updated_at: filed,
      })
      .returning({ id: productSuggestions.id });
    let from: string = 'submitted';
    for (const [i, [action, who, given]] of s.steps.entries()) {
      const at = new Date(Math.min(filed.getTime() + (i + 1) * 86_400_000 + demoMinutes(`suggestion:${s.title}:${i}`, 240), now.getTime()));
      await db.insert(workflowHistory).values({
        entity: declaration.name,
        recordId: row!.id,
        action,
        fromState: from,
        toState: TO[action]!,
        userId: people.get(who) ?? null,
        username: who,
        fields: given ?? null,
        createdAt: at,
      });
      from = TO[action]!;
    }
  }
}
