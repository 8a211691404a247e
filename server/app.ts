import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { api } from './api';
import type { AppDeps } from './config';
import { temporaryStorage, type Storage } from './core/storage';
import { DatabaseLiveness, pingDatabase } from './core/db/liveness';
import { authPlugin } from './core/http/auth';
import { registerInputShapeChecks } from './core/http/body-parser';
import { answerClientError } from './core/http/client-errors';
import { registerApiDocs } from './core/http/docs';
import { apiNotFound, registerErrorHandling } from './core/http/errors';
import { registerHealth } from './core/http/health';
import { registerMultipartGuards } from './core/http/multipart';
import { permissionPlugin } from './core/http/permissions';
import { registerSecurityHeaders } from './core/http/security';
import { registerWebApp } from './core/http/static';
import { validatorCompiler } from './core/http/validation';
import { deliverDueMailsJob } from './core/mail/jobs';
import { createMailer, type Mailer } from './core/mail/mailer';
import { registerJobQueue } from './core/jobs/register';
import { removeStaleUploadsJob } from './core/uploads/jobs';
import { registerUploadCore } from './core/uploads/register';
import { createDevices } from './devices/register';

/**
 * Builds the whole server from its dependencies and nothing else (no globals, no environment), so that
 * tests build as many as they like, each on its own database and clock. The caller listens or injects.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy ?? false,
    // JSON bodies are small; uploads (multipart) get their own limit where they are accepted.
    bodyLimit: 1024 * 1024,
    // Requests node refuses before routing (an URL over 16 kB…) answer the envelope too.
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputShapeChecks(app);
  registerMultipartGuards(app);
  const mailer = createMailer(deps, app.log);
  app.decorate('mailer', mailer);
  app.decorate('storage', deps.storage ?? temporaryStorage());
  registerUploadCore(app, deps);
  registerJobQueue(app, deps);
  // Core's own background work: mails due for a retry, uploads no record took. The areas declare theirs (api.ts).
  app.jobs.declare(deliverDueMailsJob, removeStaleUploadsJob);
  // The device channel (server/devices): areas send commands through it (a customer's settings, batches).
  const {
    devices,
    jobs,
    close: closeDevices,
  } = await createDevices(deps, {
    log: app.log,
    httpServer: app.server,
    onNewFaults: (system, faults) => mailer.faultsRaised(system, faults),
  });
  app.decorate('devices', devices);
  app.jobs.declare(...jobs);
  // Before the HTTP server closes: it would wait for devices connected over WebSocket.
  app.addHook('preClose', closeDevices);
  await registerSecurityHeaders(app);
  registerHealth(app, databaseLiveness(app, deps));
  // At the root, so that they guard every /api route, including those a test or a later area adds.
  await app.register(authPlugin, { secret: config.jwtSecret, clock: deps.clock, db: deps.db });
  // After the token check (the document is for staff), before the routes it documents.
  await registerApiDocs(app);
  await app.register(permissionPlugin);
  await app.register(api, { prefix: '/api', deps });
  if (config.staticDir) await registerWebApp(app, config.staticDir);
  else app.setNotFoundHandler(apiNotFound);
  return app;
}

/**
 * The database's liveness for /api/health. Checked in the background only when someone acts on a death
 * (`onDatabaseDead`: the entry points exit); tests without it check on demand only.
 */
function databaseLiveness(app: FastifyInstance, { db, onDatabaseDead }: AppDeps): DatabaseLiveness {
  const liveness = new DatabaseLiveness({
    ping: pingDatabase(db),
    onDead: (reason) => {
      app.log.fatal({ reason }, 'the database is dead');
      onDatabaseDead?.(reason);
    },
  });
  if (onDatabaseDead) {
    app.addHook('onReady', async () => liveness.start());
    app.addHook('onClose', async () => liveness.stop());
  }
  return liveness;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Notification e-mails: the outbox and its delivery (server/core/mail). */
    mailer: Mailer;
    /** Uploaded files (server/core/storage): the deps' store, or a temporary folder for an app built without one. */
    storage: Storage;
  }
}
