import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES } from '../../../permissions/roles';
import { productSuggestions, SUGGESTION_REVIEWERS, SUGGESTION_STATES } from '../../../resources/productSuggestions';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected, tokenCache } from '../admin/helpers';
import { multipart, pdf } from '../crud/attach-helpers';
import { insertComplaint, systemsOf } from '../complaints/samples';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * Product suggestions (DESIGN §9): anyone but sharers submits; the submitter sees their own, staff
 * every one; the complaint or system it came from must be in the submitter's scope; the reviewers move it submitted →
 * under review → accepted / rejected (reason) → implemented (version); admin and systemmanager delete. Every refusal
 * changes nothing.
 */
const SAVE = '/api/ProductSuggestion/SaveProductSuggestion';
const LIST = '/api/ProductSuggestion/GetProductSuggestionPageList';
const ONE = '/api/ProductSuggestion/GetProductSuggestion';
const DELETE = '/api/ProductSuggestion/DeleteProductSuggestion';
const HISTORY = '/api/ProductSuggestion/GetProductSuggestionHistory';
const UPLOAD = '/api/ProductSuggestion/UploadProductSuggestionFile';
const action = (name: string) => `/api/ProductSuggestion/${name.charAt(0).toUpperCase()}${name.slice(1)}ProductSuggestion`;

let t: TestApp;
const tokens = tokenCache(() => t);
const token = tokens.of;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await queryRows(t.db, sql`TRUNCATE product_suggestions RESTART IDENTITY CASCADE`);
  await queryRows(t.db, sql`DELETE FROM workflow_history`);
});

const suggestion = (overrides: Record<string, unknown> = {}) => ({
  title: 'Show the battery temperature in the app',
  description: 'Customers ask whether the cold garage harms the battery; the app could show its temperature.',
  product_type: 'app',
  ...overrides,
});
const submit = async (user: string, overrides: Record<string, unknown> = {}) => expectOk(t, SAVE, suggestion(overrides), await token(user));

/** Moves a suggestion straight to a state (the transition matrix starts from each). */
async function inState(state: string): Promise<number> {
  const saved = await submit('customer');
  await queryRows(t.db, sql`UPDATE product_suggestions SET status = ${state} WHERE id = ${saved.id}`);
  return saved.id;
}

describe('submitting', () => {
  it.each(ROLES.filter((r) => r !== 'sharer'))('%s submits a suggestion: submitted, theirs', async (role) => {
    const saved = await submit(role);
    expect(saved).toMatchObject({ status: 'submitted', submitter: role, product_type: 'app' });
  });

  it('a sharer can neither submit nor read suggestions (45, nothing changed)', async () => {
    const theirs = await submit('customer');
    const sharer = await token('sharer');
    await expectRejected(t, SAVE, suggestion(), sharer, 45);
    await expectRejected(t, LIST, {}, sharer, 45);
    await expectRejected(t, ONE, { id: theirs.id }, sharer, 45);
  });

  it.each([
    [{ title: '' }, 3, 'title'],
    [{ title: 'x'.repeat(101) }, 2, 'title'],
    [{ description: undefined }, 3, 'description'],
    [{ product_type: 'toaster' }, 2, 'product_type'],
    [{ complaint_id: 'seven' }, 2, 'complaint_id'],
    [{ attachments: [999] }, 54, ''],
  ])('bad input %j answers %i, nothing changed', async (overrides, code, field) => {
    await expectRejected(t, SAVE, suggestion(overrides), await token('customer'), code, field || undefined);
  });

  it("the complaint or system it came from must be in the submitter's scope (45, nothing changed)", async () => {
    const { inside, outside } = await systemsOf(t, 'customer');
    const own = await insertComplaint(t, inside!, 'processing');
    const foreign = await insertComplaint(t, outside!, 'processing');
    const customer = await token('customer');
    await expectRejected(t, SAVE, suggestion({ complaint_id: foreign }), customer, 45);
    await expectRejected(t, SAVE, suggestion({ sys_sn: outside }), customer, 45);
    await expectRejected(t, SAVE, suggestion({ sys_sn: 'NO-SUCH-SN' }), customer, 45);
    expect(await submit('customer', { complaint_id: own, sys_sn: inside })).toMatchObject({ complaint_id: own, sys_sn: inside });
    await queryRows(t.db, sql`DELETE FROM complaints WHERE id IN (${own}, ${foreign})`);
  });

  it('takes up to 3 files (4 answer 2, nothing changed)', async () => {
    const ids: number[] = [];
    for (const name of ['a.pdf', 'b.pdf']) {
      const body = multipart([
        { name: 'field', value: 'attachments' },
        { name: 'file', filename: name, content: pdf(name) },
      ]);
      const response = await t.inject({
        method: 'POST',
        url: UPLOAD,
        headers: { ...body.headers, authorization: `Bearer ${await token('installer')}` },
        payload: body.payload,
      });
      ids.push(response.json().data.id);
    }
    const saved = await submit('installer', { attachments: ids });
    const read = await expectOk(t, ONE, { id: saved.id }, await token('installer'));
    expect(read.attachments.map((f: { name: string }) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    await expectRejected(t, SAVE, suggestion({ attachments: [...ids, 7, 8] }), await token('installer'), 2, 'attachments');
  });
});

describe('who sees and edits which', () => {
  it('a submitter lists and reads only their own; staff every one', async () => {
    const customers = await submit('customer');
    const installers = await submit('installer');
    expect((await expectOk(t, LIST, {}, await token('customer'))).data.map((r: { id: number }) => r.id)).toEqual([customers.id]);
    await expectRejected(t, ONE, { id: installers.id }, await token('customer'), 45);
    expect((await expectOk(t, LIST, {}, await token('dev'))).dataCount).toBe(2);
  });

  it('the submitter edits it while submitted; not once under review (400); nobody else but admin and systemmanager (45)', async () => {
    const saved = await submit('customer');
    const edited = await expectOk(
      t,
      SAVE,
      { ...suggestion({ title: 'Battery temperature in the app' }), id: saved.id },
      await token('customer'),
    );
    expect(edited.title).toBe('Battery temperature in the app');
    await expectRejected(t, SAVE, { ...suggestion(), id: saved.id }, await token('installer'), 45);
    await expectRejected(t, SAVE, { ...suggestion(), id: saved.id }, await token('dev'), 45);
    await expectOk(t, action('review'), { id: saved.id }, await token('dev'));
    await expectRejected(t, SAVE, { ...suggestion(), id: saved.id }, await token('customer'), 400);
    await expectOk(t, SAVE, { ...suggestion({ title: 'Tidied by the admin' }), id: saved.id }, await token('admin'));
  });

  it('only admin and systemmanager delete (45 for the submitter and other staff)', async () => {
    const saved = await submit('customer');
    for (const role of ['customer', 'servicer', 'dev']) await expectRejected(t, DELETE, { id: saved.id }, await token(role), 45);
    await expectOk(t, DELETE, { id: saved.id }, await token('systemmanager'));
    const other = await submit('customer');
    await expectOk(t, DELETE, { id: other.id }, await token('admin'));
  });

  it('filters by status, product type and date, and finds a word of the title or description', async () => {
    const app = await submit('customer');
    const battery = await submit('customer', {
      title: 'Longer warranty',
      description: 'Offer ten years on the battery',
      product_type: 'battery',
    });
    await expectOk(t, action('review'), { id: battery.id }, await token('dev'));
    const ids = async (body: Record<string, unknown>) =>
      (await expectOk(t, LIST, body, await token('dev'))).data.map((r: { id: number }) => r.id).sort();
    expect(await ids({ status: 'underReview' })).toEqual([battery.id]);
    expect(await ids({ product_type: 'app' })).toEqual([app.id]);
    expect(await ids({ keyword: 'TEN YEARS' })).toEqual([battery.id]);
    expect(await ids({ keyword: 'garage' })).toEqual([app.id]);
    expect(await ids({ keyword: '100%' })).toEqual([]);
    expect(await ids({ created_at: ['2026-03-01', '2026-03-31'] })).toEqual([app.id, battery.id].sort());
    expect(await ids({ created_at: ['2026-04-01', '2026-04-30'] })).toEqual([]);
    await expectRejected(t, LIST, { status: 'dreaming' }, await token('dev'), 2);
  });
});

describe('the review workflow', () => {
  const workflow = productSuggestions.workflow!;
  const fields: Record<string, Record<string, unknown>> = {
    reject: { reason: 'Already on the road map' },
    implement: { version: 'App 4.2' },
  };

  it('goes submitted → under review → accepted → implemented (version), with its history', async () => {
    const dev = await token('dev');
    const { id } = await submit('customer');
    await expectOk(t, action('review'), { id }, dev);
    await expectOk(t, action('accept'), { id }, await token('fasw'));
    await expectRejected(t, action('implement'), { id }, dev, 3, 'version');
    const done = await expectOk(t, action('implement'), { id, version: 'App 4.2' }, dev);
    expect(done).toMatchObject({ status: 'implemented', version: 'App 4.2' });
    const history = await expectOk(t, HISTORY, { id }, await token('customer'));
    expect(history.data.map((h: { to_state: string }) => h.to_state)).toEqual(['underReview', 'accepted', 'implemented']);
    expect(history.data[2].fields).toEqual({ version: 'App 4.2' });
  });

  it('a rejection needs its reason, which the submitter then reads', async () => {
    const { id } = await submit('customer');
    await expectRejected(t, action('reject'), { id }, await token('servicer'), 3, 'reason');
    await expectOk(t, action('reject'), { id, reason: 'Already on the road map' }, await token('servicer'));
    expect(await expectOk(t, ONE, { id }, await token('customer'))).toMatchObject({
      status: 'rejected',
      reason: 'Already on the road map',
    });
  });

  it.each(workflow.transitions.map((tr) => tr.action))(
    '%s: done by a reviewer only from its states; a wrong state answers 400, another role 45, nothing changed',
    async (name) => {
      const transition = workflow.transitions.find((tr) => tr.action === name)!;
      for (const state of SUGGESTION_STATES) {
        const id = await inState(state);
        const body = { id, ...fields[name] };
        await expectRejected(t, action(name), body, await token('customer'), 45);
        await expectRejected(t, action(name), body, await token('installer'), 45);
        if (!transition.from.includes(state)) await expectRejected(t, action(name), body, await token('dev'), 400);
        else {
          const reviewer = SUGGESTION_REVIEWERS[state.length % SUGGESTION_REVIEWERS.length]!;
          expect((await expectOk(t, action(name), body, await token(reviewer))).status).toBe(transition.to);
        }
      }
    },
    60_000,
  );
});
