import type { FastifyPluginAsync } from 'fastify';
import { batchCalls, commandCalls, safetyCalls } from '../../contract/devices-calls';
import { registerEndpoint } from '../core/http/endpoint';
import { batchRow, batchSystems, cancelBatch, createBatch, listBatches, previewBatch, retryFailed } from './batches/service';
import { cancelCommand, commandDetail, listCommands, retryCommand, rotateDeviceKey, sendCommand, systemControl } from './commands/service';
import { channelStatus } from './channel-status';
import { readSafetySettings, writeSafetySettings } from './safety';

/** The device channel's calls (contract/devices-calls.ts): commands, batch settings, a system's control and key, safety settings. */
export const deviceCommandRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.devices;
  await registerEndpoint(app, commandCalls.send, (actor, body) => sendCommand(deps, actor, body));
  await registerEndpoint(app, commandCalls.list, (actor, body) => listCommands(deps, actor, body));
  await registerEndpoint(app, commandCalls.one, (actor, { id }) => commandDetail(deps, actor, id));
  await registerEndpoint(app, commandCalls.cancel, (actor, { id }) => cancelCommand(deps, actor, id));
  await registerEndpoint(app, commandCalls.retry, (actor, { id }) => retryCommand(deps, actor, id));
  await registerEndpoint(app, commandCalls.control, (actor, { sn }) => systemControl(deps, actor, sn));
  await registerEndpoint(app, commandCalls.channel, (actor) => channelStatus(deps, actor));
  await registerEndpoint(app, commandCalls.rotateKey, (actor, { sn }) => rotateDeviceKey(deps, actor, sn));

  await registerEndpoint(app, batchCalls.preview, (actor, body) => previewBatch(deps, actor, body));
  await registerEndpoint(app, batchCalls.create, (actor, body) => createBatch(deps, actor, body));
  await registerEndpoint(app, batchCalls.list, (_actor, body) => listBatches(deps, body));
  await registerEndpoint(app, batchCalls.one, (_actor, { id }) => batchRow(deps, id));
  await registerEndpoint(app, batchCalls.systems, (actor, body) => batchSystems(deps, actor, body));
  await registerEndpoint(app, batchCalls.cancel, (actor, { id }) => cancelBatch(deps, actor, id));
  await registerEndpoint(app, batchCalls.retryFailed, (actor, { id }) => retryFailed(deps, actor, id));

  await registerEndpoint(app, safetyCalls.read, (actor, body) => readSafetySettings(deps, actor, body));
  await registerEndpoint(app, safetyCalls.save, (actor, body) => writeSafetySettings(deps, actor, body));
};
