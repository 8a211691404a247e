import type { FastifyInstance } from 'fastify';
import type { TestDatabase } from '../api/helpers/database';
import { buildFleet } from './fleet-world';
import { benchApp, compareLatency, loginAs, type Backend, type LatencyFigure, type Call, type NamedCall } from './monitoring-common';

/**
 * Dashboard latency at fleet scale: p99 of the customer's dashboard calls and the staff storage list with
 * 2,000 systems × 60 days of history, against the same calls on the 60-system demo fleet. Both worlds
 * are built the same way and differ only in the number of systems (demoFleet(n): the same demo users,
 * installers, customer systems, tariffs and shares; fleet-world.ts): daily rollups for 60 days by bulk
 * SQL, and raw 5-minute telemetry only for the last 48 hours (today and yesterday in every zone), with
 * today's and yesterday's rollups computed from it.
 *
 * 2,000 × 60 days × 288 samples would be 34.6 M raw rows, too many to generate in a bench run on two
 * cores; the dashboard reads raw rows only for the day curve and the current power flow (today) and the
 * rollups for everything longer, so this is the load it really sees.
 */
const BIG = 2_000;
const DEMO = 60;
const CUSTOMER_SN = 'ESS2024A0001';

interface World {
  database: TestDatabase;
  app: FastifyInstance;
  calls: NamedCall[];
}

export async function dashboardLatency(backend: Backend): Promise<LatencyFigure[]> {
  const now = new Date();
  const demo = await buildWorld(backend, DEMO, now);
  const big = await buildWorld(backend, BIG, now);
  try {
    return await compareLatency(backend.label, {
      reference: demo.calls,
      ours: big.calls,
      sizes: { reference: DEMO, ours: BIG },
    });
  } finally {
    for (const world of [demo, big]) {
      await world.app.close();
      await world.database.close();
    }
  }
}

async function buildWorld(backend: Backend, size: number, now: Date): Promise<World> {
  // Raw rows of today and yesterday are what the day curve and the power flow read; the rest is rollups.
  const database = await buildFleet(backend, { size, rawDays: 2 }, now);
  const { db } = database;

  const app = await benchApp(db, now);
  const customer = await loginAs(app, 'customer');
  const admin = await loginAs(app, 'admin');
  const on = (call: Call, path: string, body?: unknown) => () => call(path, body);
  return {
    database,
    app,
    calls: [
      { name: "customer summary ('All')", run: on(customer, '/api/ESS/SticsSummeryDataForCustomer', { sn: 'All' }) },
      { name: "customer day curve ('All')", run: on(customer, '/api/Power/SticsByDay', { sn: 'All' }) },
      { name: "customer month bars ('All')", run: on(customer, '/api/Power/SticsByPeriod', { sn: 'All', period: 'month' }) },
      { name: 'customer payoff', run: on(customer, '/api/Income/PayoffTotalResult', { sn: CUSTOMER_SN }) },
      { name: 'staff storage list page', run: on(admin, '/api/ESS/GetSystems', { pageIndex: 1, pageSize: 20 }) },
      { name: 'staff status counts', run: on(admin, '/api/ESS/GetVtSystemStatusCount') },
    ],
  };
}
