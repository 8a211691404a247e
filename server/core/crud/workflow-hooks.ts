import type { WorkflowHooks } from './workflow';

/**
 * The server hooks that workflow transitions name (`hook: 'notifyCustomer'` in resources/), by resource name:
 * the declaration stays free of server code, and a name missing here stops the server at start-up. An area
 * adds its entry beside its other calls' imports, e.g. `complaintManagement: complaintWorkflowHooks`.
 */
export const WORKFLOW_HOOKS: Readonly<Record<string, WorkflowHooks>> = {};
