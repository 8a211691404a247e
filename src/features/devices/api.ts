import type { QueryClient } from '@tanstack/react-query';
import type { BodyIn } from '../../../contract/endpoint';
import { batchCalls, commandCalls, safetyCalls } from '../../../contract/devices-calls';
import { installerCalls } from '../../../contract/archives-calls';
import { messageCalls } from '../../../contract/messages-calls';
import { systemCalls } from '../../../contract/monitoring-calls';
import { areaKey, call, callKey, endpointQuery } from '../../api/call';

/**
 * The device channel's calls as its screens ask them. Changes are quiet: a refused command (2 naming its parameter,
 * 65, 67-72, 45, 56) is shown by the screen beside the form it came from (showCallError), not as a bare code.
 */
export const devicesApi = {
  send: (body: BodyIn<typeof commandCalls.send>) => call(commandCalls.send, body, { quiet: true }),
  cancel: (id: number) => call(commandCalls.cancel, { id }, { quiet: true }),
  retry: (id: number) => call(commandCalls.retry, { id }, { quiet: true }),
  rotateKey: (sn: string) => call(commandCalls.rotateKey, { sn }, { quiet: true }),
  preview: (body: BodyIn<typeof batchCalls.preview>) => call(batchCalls.preview, body, { quiet: true }),
  createBatch: (body: BodyIn<typeof batchCalls.create>) => call(batchCalls.create, body, { quiet: true }),
  cancelBatch: (id: number) => call(batchCalls.cancel, { id }, { quiet: true }),
  retryFailed: (id: number) => call(batchCalls.retryFailed, { id }, { quiet: true }),
  saveSafety: (sn: string, settings: Record<string, string | number | boolean>) =>
    call(safetyCalls.save, { sn, settings }, { quiet: true }),
};

export const devicesQueries = {
  commands: (body: BodyIn<typeof commandCalls.list>) => endpointQuery(commandCalls.list, body),
  command: (id: number) => endpointQuery(commandCalls.one, { id }),
  channel: () => endpointQuery(commandCalls.channel, {}),
  control: (sn: string) => endpointQuery(commandCalls.control, { sn }, { quiet: true }),
  batches: (pageIndex: number, pageSize: number) => endpointQuery(batchCalls.list, { pageIndex, pageSize }),
  batch: (id: number) => endpointQuery(batchCalls.one, { id }),
  batchSystems: (body: BodyIn<typeof batchCalls.systems>) => endpointQuery(batchCalls.systems, body),
  safety: (sn: string, refresh = false) => endpointQuery(safetyCalls.read, { sn, refresh }),
  /** Systems whose S/N contains the text: the system picker's suggestions (quiet: a role without the list types the S/N). */
  systems: (sn: string) => endpointQuery(systemCalls.list, { pageIndex: 1, pageSize: 20, sn }, { quiet: true }),
  /** The fleet's models and firmware versions (the messages' audience options), for a batch's filter. */
  fleetOptions: () => endpointQuery(messageCalls.audienceOptions, {}, { quiet: true }),
  installers: () => endpointQuery(installerCalls.scorecards, {}, { quiet: true }),
};

/** After a change: every command, batch and safety answer shown is read again. */
export const refreshDevices = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: areaKey(commandCalls.list) }),
    queryClient.invalidateQueries({ queryKey: areaKey(batchCalls.list) }),
    // The safety calls share the ESS area with monitoring: only their own queries are read again.
    queryClient.invalidateQueries({ queryKey: callKey(safetyCalls.read) }),
  ]);
