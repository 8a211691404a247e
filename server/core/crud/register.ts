import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../../resources/types';
import type { AppDeps } from '../../config';
import * as schema from '../db/schema';
import { registerCrud, type CrudService } from './factory';
import type { CrudHooks } from './hooks';
import { registerWorkflow, type WorkflowHooks } from './workflow';
import { WORKFLOW_HOOKS } from './workflow-hooks';

/**
 * The spec checks of declared resources, by resource name; the hooks live beside their area's other calls. Several
 * sets, each doing one job, are composed in their order (./hooks.ts composeHooks).
 */
export type ResourceHooks = Readonly<Record<string, CrudHooks | readonly CrudHooks[]>>;

/**
 * Registers the generated calls of every declared resource that names its table (resources/index.ts, the
 * list the web app reads too): a declaration, a table in server/core/db/schema and, where the spec asks for more
 * than the declaration says, an entry in `hooks` — no route code. A declaration with a `workflow` gets its
 * transition and history calls too (server/core/crud/workflow.ts), its named hooks from `workflowHooks`. Answers
 * the services by resource name, for an area's own calls that reuse them (an import checking duplicates, an
 * export reading the list).
 */
export async function registerResources(
  app: FastifyInstance,
  deps: AppDeps,
  {
    resources,
    hooks = {},
    // By default the shared table's entries for these resources: several areas register their own resources,
    // and each call checks only the hooks meant for it.
    workflowHooks = Object.fromEntries(
      resources.filter(({ name }) => WORKFLOW_HOOKS[name]).map(({ name }) => [name, WORKFLOW_HOOKS[name]!]),
    ),
    tables = schema,
  }: {
    resources: readonly ResourceDeclaration[];
    hooks?: ResourceHooks;
    /** Workflow hooks by resource name, then by the name its transitions give (default: server/core/crud/workflow-hooks.ts's for `resources`). */
    workflowHooks?: Readonly<Record<string, WorkflowHooks>>;
    tables?: Readonly<Record<string, unknown>>;
  },
): Promise<Record<string, CrudService>> {
  const services: Record<string, CrudService> = {};
  for (const declaration of resources) {
    if (!declaration.table) continue;
    const table = tables[declaration.table];
    if (!is(table, PgTable))
      throw new Error(`resources/${declaration.name}: no table '${declaration.table}' exported by server/core/db/schema`);
    services[declaration.name] = await registerCrud(app, deps, { declaration, table, hooks: hooks[declaration.name] });
    const { workflow } = declaration;
    if (workflow)
      await registerWorkflow(app, deps, {
        declaration: { ...declaration, workflow },
        table,
        service: services[declaration.name]!,
        hooks: workflowHooks[declaration.name],
      });
  }
  // Hooks of a resource that is not generated would never run: a misspelt name must not pass silently.
  const orphan = Object.keys(hooks).find((name) => !services[name]);
  if (orphan) throw new Error(`hooks for '${orphan}', which is no declared resource with a table`);
  const orphanWorkflow = Object.keys(workflowHooks).find((name) => !services[name]?.declaration.workflow);
  if (orphanWorkflow) throw new Error(`workflow hooks for '${orphanWorkflow}', which is no declared resource with a table and a workflow`);
  return services;
}
