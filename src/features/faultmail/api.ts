import type { QueryClient } from '@tanstack/react-query';
import type { BodyIn } from '../../../contract/endpoint';
import { faultMailCalls as calls } from '../../../contract/faultmail-calls';
import { areaKey, call, endpointQuery } from '../../api/call';

/** The fault mail subscription calls (contract/faultmail-calls.ts): the caller's own subscriptions and delivery log. */
export const faultMailApi = {
  save: (body: BodyIn<typeof calls.save>) => call(calls.save, body),
  remove: (id: number) => call(calls.remove, { id }),
};

export const faultMailQueries = {
  subscriptions: () => endpointQuery(calls.subscriptions, {}),
  options: () => endpointQuery(calls.options, {}),
  log: (body: BodyIn<typeof calls.log>) => endpointQuery(calls.log, body),
};

/** After a change: every subscription and log page shown is read again. */
export const refreshFaultMail = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: areaKey(calls.subscriptions) });
