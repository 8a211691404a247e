import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/config';
import { registerResources } from '../../../server/core/crud/register';
import { validatorCompiler } from '../../../server/core/http/validation';

/** Registers declared resources as the app does, on the /api instance whose calls are the contract's paths. */
export async function registered(deps: AppDeps, options: Parameters<typeof registerResources>[2]) {
  const app = Fastify().setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
  let services: Awaited<ReturnType<typeof registerResources>> = {};
  await app.register(async (api) => void (services = await registerResources(api, deps, options)), { prefix: '/api' });
  await app.ready();
  await app.close();
  return services;
}
