import { mkdirSync } from 'node:fs';
import { ensureWebBuild } from '../../server/web-build';
import { complaintListLatency } from './complaints';
import { buildBlankApp, measureSite } from './initial-js';
import { dashboardMix } from './dashboard-mix';
import { deviceFigures } from './devices';
import { benchBackends } from './monitoring-common';
import { dashboardLatency } from './monitoring-dashboard';
import { ingestThroughput } from './monitoring-ingest';
import { yearStatistics } from './monitoring-rollups';
import { printFigure, withinBudget, type Figure } from './report';
import { authenticatedThroughput } from './throughput';
import { uploadFigures } from './upload';
import { webFigures } from './web';

/**
 * `npm run bench -- web api monitoring complaints devices`: only those groups of figures (all without arguments).
 * `upload` is the attachment upload figures alone, which `api` includes.
 */
const GROUPS = process.argv.slice(2);
const wants = (group: 'web' | 'api' | 'upload' | 'monitoring' | 'complaints' | 'devices') =>
  GROUPS.length === 0 || GROUPS.includes(group) || (group === 'upload' && GROUPS.includes('api'));

/**
 * `npm run bench`: every speed and size budget, each figure printed as a ratio against its reference
 * measured in the same run on the same machine, so the numbers mean the same on a fast or a slow box.
 */
async function main() {
  const figures: Figure[] = [];
  mkdirSync('.bench', { recursive: true });

  if (wants('web')) {
    await ensureWebBuild(process.cwd(), 'dist', console.log);
    await buildBlankApp('.bench/blank-app');
    figures.push({
      name: 'Login route initial JavaScript (gzip) vs a blank Refine + antd app',
      ours: await measureSite('dist', '/Login'),
      reference: await measureSite('.bench/blank-app', '/'),
      unit: 'bytes',
      budget: { kind: 'max', ratio: 0.7 },
    });
    printFigure(figures.at(-1)!);
    for (const figure of await webFigures('dist', '.bench/blank-app')) {
      figures.push(figure);
      printFigure(figure);
    }
  }

  if (wants('api')) {
    const throughput = await authenticatedThroughput();
    figures.push({
      name: 'Authenticated route through all plugins vs bare Fastify hello-world (requests/s)',
      ...throughput,
      unit: 'req/s',
      budget: { kind: 'min', ratio: 0.8 },
    });
    printFigure(figures.at(-1)!);
  }

  if (wants('upload')) {
    const upload = await uploadFigures();
    figures.push({
      name: 'An 80 MB attachment uploaded through the API vs a bare Node HTTP server writing the same body to the same disk (MB/s)',
      ...upload.throughput,
      unit: 'MB/s',
      budget: { kind: 'min', ratio: 0.5 },
      detail: `the same bytes written with fs: ${Math.round(upload.disk)} MB/s; ours ${(upload.throughput.ours / upload.disk).toFixed(2)}× of it`,
    });
    printFigure(figures.at(-1)!);
    const MB = 1024 * 1024;
    figures.push({
      name: "The server's peak RSS during 80 MB uploads vs 1.2 × its idle RSS + 32 MB (MB)",
      ours: upload.memory.peak / MB,
      reference: (1.2 * upload.memory.idle) / MB + 32,
      unit: 'MB',
      budget: { kind: 'max', ratio: 1 },
      detail: `idle ${Math.round(upload.memory.idle / MB)} MB`,
    });
    printFigure(figures.at(-1)!);
  }

  // Monitoring, on PGlite and (with DATABASE_URL) on PostgreSQL.
  for (const backend of wants('monitoring') ? benchBackends() : []) {
    figures.push({
      name: `${backend.label}: ingest through POST /api/Device/Ingest vs raw INSERT … UNNEST into the same table (rows/s)`,
      ...(await ingestThroughput(backend)),
      unit: 'rows/s',
      budget: { kind: 'min', ratio: 0.5 },
    });
    printFigure(figures.at(-1)!);

    figures.push({
      name: `${backend.label}: a year of statistics from the rollups vs aggregated from raw rows (year views/s)`,
      ...(await yearStatistics(backend)),
      unit: 'views/s',
      budget: { kind: 'min', ratio: 50 },
    });
    printFigure(figures.at(-1)!);

    for (const { call, ours, reference } of await dashboardLatency(backend)) {
      figures.push({
        name: `${backend.label}: ${call} p99, 2,000 systems × 60 days vs the 60-system demo (ms)`,
        ours,
        reference,
        unit: 'ms',
        budget: { kind: 'max', ratio: 1.3 },
      });
      printFigure(figures.at(-1)!);
    }

    const mix = await dashboardMix(backend);
    figures.push({
      name: `${backend.label}: dashboard mix at 200 connections vs its SQL issued directly through the driver, 200 in flight (requests/s)`,
      ours: mix.ours,
      reference: mix.reference,
      unit: 'req/s',
      budget: { kind: 'min', ratio: 0.5 },
      mustBeZero: { errors: mix.errors, timeouts: mix.timeouts },
      detail: `p99 ${Math.round(mix.p99Ms).toLocaleString('en')} ms`,
    });
    printFigure(figures.at(-1)!);
  }

  // The complaint list, on PGlite and (with DATABASE_URL) on PostgreSQL: a page ≤ 1.5×, a keyword search ≤ 2×.
  for (const backend of wants('complaints') ? benchBackends() : []) {
    for (const { call, ours, reference, budgetRatio } of await complaintListLatency(backend)) {
      figures.push({
        name: `${backend.label}: ${call} p99, 100,000 complaints vs 1,000 (ms)`,
        ours,
        reference,
        unit: 'ms',
        budget: { kind: 'max', ratio: budgetRatio ?? (call.includes('search') ? 2 : 1.5) },
      });
      printFigure(figures.at(-1)!);
    }
  }

  // The device channel with 2,000 simulated MQTT devices on the embedded broker (tests/bench/devices.ts).
  if (wants('devices')) {
    const devices = await deviceFigures();
    figures.push({
      name: 'Fan-out: one batch setting to 2,000 MQTT devices until every command succeeded vs a bare MQTT client publishing the same commands and awaiting the results (commands/s)',
      ...devices.fanOut,
      unit: 'commands/s',
      budget: { kind: 'min', ratio: 0.5 },
    });
    printFigure(figures.at(-1)!);
    figures.push({
      name: 'MQTT ingest: telemetry from 2,000 devices through the broker into the database vs raw INSERT … UNNEST of the same batches (samples/s)',
      ...devices.ingest,
      unit: 'samples/s',
      budget: { kind: 'min', ratio: 0.5 },
    });
    printFigure(figures.at(-1)!);
    const MB = 1024 * 1024;
    figures.push({
      name: "The server's RSS with 2,000 connected MQTT devices vs its idle RSS + 300 MB (MB)",
      ours: devices.rss.connected / MB,
      reference: devices.rss.idle / MB + 300,
      unit: 'MB',
      budget: { kind: 'max', ratio: 1 },
      detail: `idle ${Math.round(devices.rss.idle / MB)} MB, ${Math.round((devices.rss.connected - devices.rss.idle) / MB)} MB above it`,
    });
    printFigure(figures.at(-1)!);
  }

  const over = figures.filter((figure) => !withinBudget(figure));
  console.log(
    over.length === 0 ? `\nAll ${figures.length} figures within budget.` : `\n${over.length} of ${figures.length} figures over budget.`,
  );
  process.exitCode = over.length === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
