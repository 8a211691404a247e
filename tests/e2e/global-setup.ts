import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from './smtp-sink';

/**
 * Starts the portal exactly as a newcomer does (`npm start`: build when needed, migrate, seed the demo),
 * on a free port and a throw-away data folder, with a mail server that keeps every mail in a folder
 * (tests/e2e/smtp-sink.ts), and hands the portal's address and that folder to the tests. Its embedded MQTT broker
 * (where the demo systems connect as devices) gets a free port of its own: the default 1883 may be taken by a
 * broker on the machine or by another run.
 */
let server: ChildProcess | undefined;
let dataDir: string | undefined;
let smtpSink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

export async function setup(project: TestProject) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  dataDir = mkdtempSync(join(tmpdir(), 'ess-e2e-'));
  const mailDir = join(dataDir, 'mails');
  smtpSink = await startSmtpSink(mailDir);
  const mqttPort = await freePort();
  server = spawn('npx', ['tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      // The embedded broker, never one a developer's environment points at.
      MQTT_URL: '',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtpSink.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: npx starts tsx, which starts node; stopping only npx would leave the portal running.
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForPortal(baseUrl, 280_000);
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
}

export async function teardown() {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
    // npx exits at once; the portal's own process closes its broker and database after it: its folder goes only then.
    await groupGone(server.pid);
  }
  await smtpSink?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/** A TCP port nothing listens on now: the system hands one out for port 0, and it is freed again for the portal. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

async function groupGone(pid: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) {
      process.kill(-pid, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForPortal(baseUrl: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the portal exited with code ${server?.exitCode}`);
    try {
      const page = await fetch(`${baseUrl}/Login`);
      if (page.ok && (await page.text()).includes('<div id="root">')) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the portal did not answer at ${baseUrl} within ${timeoutMs} ms`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the mails the portal sent land, one file each (tests/e2e/smtp-sink.ts). */
    mailDir: string;
  }
}
