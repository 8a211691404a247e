import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { URGES_PER_DAY } from '../../../server/complaints/news/service/urge';
import { expectOk, expectRejected } from '../admin/helpers';
import { TEST_EPOCH, type TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { insertComplaint, systemsOf } from './samples';

/**
 * Urge the handler (spec §4, §8 codes 15 and 16; DESIGN §9): the customer side, on an open or paused complaint, at
 * most once an hour per complaint and URGES_PER_DAY times a day per user; each urge is a history row and a mail to the
 * handler. The limits are counted on the test clock.
 */
const URGE = '/api/Complaints/UrgeComplaint';
const HISTORY = '/api/Complaints/GetComplaintHistory';
const HOUR = 60 * 60 * 1000;

/** Moves the test clock; the caller logs in again (an access token lives shorter than an hour). */
async function later(ms: number, as: string): Promise<string> {
  t.clock.advance(ms);
  return (tokens[as] = (await t.login(as)).AccessToken);
}

let t: TestApp;
const tokens: Record<string, string> = {};
let own: string;
let foreign: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'installer', 'servicer', 'admin']) tokens[role] = (await t.login(role)).AccessToken;
  ({ inside: own, outside: foreign } = (await systemsOf(t, 'customer')) as { inside: string; outside: string });
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  if (t.clock().getTime() !== TEST_EPOCH.getTime()) {
    t.clock.set(TEST_EPOCH);
    for (const role of Object.keys(tokens)) tokens[role] = (await t.login(role)).AccessToken;
  }
  await t.db.execute(sql`TRUNCATE complaints, workflow_history, mail_outbox RESTART IDENTITY CASCADE`);
});

async function handled(status = 'processing', sn = own): Promise<number> {
  const id = await insertComplaint(t, sn, status);
  await t.db.execute(sql`UPDATE complaints SET processor = 'servicer' WHERE id = ${id}`);
  return id;
}

describe('urge', () => {
  it('the customer urges: a history row (status unchanged) and a mail to the handler', async () => {
    const id = await handled();
    const answer = await expectOk(t, URGE, { id }, tokens.customer!);
    // The handler by their display name: their user name is staff's internal record.
    expect(answer).toMatchObject({ id, handler: 'Li Wei' });
    const history = await expectOk(t, HISTORY, { id }, tokens.customer!);
    expect(history.data).toEqual([
      expect.objectContaining({ action: 'urge', from_state: 'processing', to_state: 'processing', username: 'customer' }),
    ]);
    const mails = await queryRows<{ recipient: string; subject: string; body: string }>(
      t.db,
      sql`SELECT recipient, subject, body FROM mail_outbox`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'li.wei@ess-portal.example' });
    expect(mails[0]!.body).toContain(`customercomplaintId=${id}`);
    const [status] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM complaints WHERE id = ${id}`);
    expect(status!.status).toBe('processing');
  });

  it('once an hour per complaint (15); an hour later again', async () => {
    const id = await insertComplaint(t, (await systemsOf(t, 'installer')).inside!, 'waitingConfirmation');
    await expectOk(t, URGE, { id }, tokens.installer!);
    await expectRejected(t, URGE, { id }, await later(HOUR - 60_000, 'installer'), 15);
    await expectOk(t, URGE, { id }, await later(60_000, 'installer'));
  });

  it(`${URGES_PER_DAY} urges a day per user (16); the next day again`, async () => {
    const ids: number[] = [];
    for (let n = 0; n <= URGES_PER_DAY; n++) ids.push(await handled());
    for (const id of ids.slice(0, URGES_PER_DAY)) await expectOk(t, URGE, { id }, tokens.customer!);
    await expectRejected(t, URGE, { id: ids[URGES_PER_DAY] }, tokens.customer!, 16);
    await expectOk(t, URGE, { id: ids[URGES_PER_DAY] }, await later(24 * HOUR, 'customer'));
  });

  it('two urges at once: one passes, the other is refused with 15', async () => {
    const id = await handled();
    const send = () => t.post(URGE, { id }, { token: tokens.customer! });
    const codes = (await Promise.all([send(), send()])).map(({ body }) => body.code).sort();
    expect(codes).toEqual([15, 200]);
  });

  it.each(['completed', 'evaluated', 'archived', 'rejected'])('a %s complaint is not urged (400)', async (status) => {
    await expectRejected(t, URGE, { id: await handled(status) }, tokens.customer!, 400);
  });

  it('staff do not urge (45); a complaint outside the scope answers 45; a missing or bad id 3 / 2; nothing written', async () => {
    const id = await handled();
    await expectRejected(t, URGE, { id }, tokens.servicer!, 45);
    await expectRejected(t, URGE, { id }, tokens.admin!, 45);
    await expectRejected(t, URGE, { id: await handled('processing', foreign) }, tokens.customer!, 45);
    await expectRejected(t, URGE, { id: 2_000_000 }, tokens.customer!, 45);
    await expectRejected(t, URGE, {}, tokens.customer!, 3, 'id');
    await expectRejected(t, URGE, { id: -1 }, tokens.customer!, 2, 'id');
  });
});
