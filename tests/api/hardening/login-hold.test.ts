import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/**
 * 50 wrong entries from one client address held the address for 5 minutes, so one
 * person behind an office's proxy locked out the whole office. Now the address is slowed down, never held:
 * past 10 failures within 15 minutes each attempt from it waits 2^(n − 10) × 100 ms, at most 5 s. The
 * server's waits are recorded here instead of waited for.
 */
let t: TestApp;
/** The waits the server asked for, in order. */
const waits: number[] = [];

beforeAll(async () => {
  t = await createTestApp({
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  waits.length = 0;
});

const MINUTE = 60_000;
const OFFICE = '203.0.113.7';
const login = (username: string, password: string, ip = OFFICE) => t.post('/api/Account/Login', { username, password }, { ip });

/** Wrong entries from the address, each under its own name, so that no user name is held. */
async function mistype(times: number, ip = OFFICE) {
  for (let i = 0; i < times; i++) expect((await login(`typo-${i}`, 'wrong', ip)).body.code).toBe(5);
}

describe('the login slow-down of a client address', () => {
  it('an office whose colleague mistyped 60 times still logs in with the right password, after a wait', async () => {
    await mistype(60);
    waits.length = 0;
    expect((await login('admin', DEMO_PASSWORD)).body.code).toBe(200);
    expect(waits).toEqual([5000]);
  });

  it('10 failures cost nothing; from the 11th each attempt waits twice as long as the one before, up to 5 s', async () => {
    await mistype(11);
    expect(waits).toEqual([]);
    await mistype(6);
    expect(waits).toEqual([200, 400, 800, 1600, 3200, 5000]);
  });

  it('other addresses are not slowed down', async () => {
    await mistype(20);
    waits.length = 0;
    expect((await login('admin', DEMO_PASSWORD, '198.51.100.1')).body.code).toBe(200);
    expect((await login('nobody', 'wrong', '198.51.100.1')).body.code).toBe(5);
    expect(waits).toEqual([]);
  });

  it('failures older than 15 minutes no longer count; a good login does not reset the address', async () => {
    await mistype(12);
    expect((await login('admin', DEMO_PASSWORD)).body.code).toBe(200);
    waits.length = 0;
    await login('nobody', 'wrong');
    expect(waits).toEqual([400]);
    t.clock.advance(15 * MINUTE + 1000);
    waits.length = 0;
    expect((await login('admin', DEMO_PASSWORD)).body.code).toBe(200);
    expect(waits).toEqual([]);
  });

  it("the user name's own hold is unchanged: 5 wrong entries → 92 for 5 minutes, wherever they came from", async () => {
    for (let i = 1; i <= 4; i++) expect((await login('customer', `wrong-${i}`, `192.0.2.${i}`)).body.code).toBe(5);
    expect((await login('customer', 'wrong-5', '192.0.2.5')).body.code).toBe(92);
    expect((await login('customer', DEMO_PASSWORD, '192.0.2.6')).body.code).toBe(92);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await login('customer', DEMO_PASSWORD, '192.0.2.6')).body.code).toBe(200);
    expect(waits).toEqual([]);
  });
});
