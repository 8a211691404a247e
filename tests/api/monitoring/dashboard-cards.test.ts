import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from './world';

/** The customer dashboard's cards, which and in what order, kept per user by SaveIndexESSSet / GetIndexESSSet. */
let t: TestApp;
let customer: Awaited<ReturnType<typeof as>>;
let sharer: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  t = await createMonitoringWorld(0);
  customer = await as(t, 'customer');
  sharer = await as(t, 'sharer');
});
afterAll(() => t?.close());
beforeEach(async () => {
  // Each test starts from nobody having chosen anything.
  for (const user of [customer, sharer]) await expectOk(t, '/api/ESS/SaveIndexESSSet', { settings: {} }, user.token);
});

const cardsOf = async (user: typeof customer) => (await user.get('/api/ESS/GetIndexESSSet')).body.data;

test('a customer keeps the cards they chose in their order; saving again replaces the choice', async () => {
  expect(await cardsOf(customer)).toEqual({});
  await expectOk(t, '/api/ESS/SaveIndexESSSet', { settings: { cards: ['income', 'flow', 'figures'] } }, customer.token);
  expect(await cardsOf(customer)).toEqual({ cards: ['income', 'flow', 'figures'] });
  await expectOk(t, '/api/ESS/SaveIndexESSSet', { settings: { cards: ['today', 'day', 'weather', 'faults'] } }, customer.token);
  expect(await cardsOf(customer)).toEqual({ cards: ['today', 'day', 'weather', 'faults'] });
});

test("a sharer keeps their own cards; the owner's stay as they were, and the other way round", async () => {
  await expectOk(t, '/api/ESS/SaveIndexESSSet', { settings: { cards: ['flow', 'today'] } }, customer.token);
  await expectOk(t, '/api/ESS/SaveIndexESSSet', { settings: { cards: ['components', 'faults', 'bars'] } }, sharer.token);
  expect(await cardsOf(customer)).toEqual({ cards: ['flow', 'today'] });
  expect(await cardsOf(sharer)).toEqual({ cards: ['components', 'faults', 'bars'] });
});

test.each([
  [['flow', 'sunshine'], 2, 'settings.cards.1'],
  [['flow', 'flow'], 2, 'settings.cards'],
  ['flow', 2, 'settings.cards'],
  [[42], 2, 'settings.cards.0'],
  // No card at all is no choice (an empty list counts as a missing one, as everywhere).
  [[], 3, 'settings.cards'],
])('cards %j are refused with %i naming %s; nothing is saved', async (cards, code, field) => {
  await expectOk(t, '/api/ESS/SaveIndexESSSet', { settings: { cards: ['today'] } }, customer.token);
  await expectRejected(t, '/api/ESS/SaveIndexESSSet', { settings: { cards } }, customer.token, code, field);
  expect(await cardsOf(customer)).toEqual({ cards: ['today'] });
});

test.each(['installer', 'servicer', 'admin', 'supplier'])(
  '%s has no customer dashboard: saving its cards answers 45, other preferences are still theirs',
  async (role) => {
    const staff = await as(t, role);
    await expectRejected(t, '/api/ESS/SaveIndexESSSet', { settings: { cards: ['flow'] } }, staff.token, 45);
    expect(await cardsOf(staff)).toEqual({});
    await expectOk(t, '/api/ESS/SaveIndexESSSet', { settings: { compact: true } }, staff.token);
    expect(await cardsOf(staff)).toEqual({ compact: true });
  },
);
