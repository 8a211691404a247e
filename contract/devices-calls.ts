import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The device channel's calls (DESIGN §12), registered by server/devices/routes.ts and called by src/features/devices:
 * single commands (commandManagement), batch settings (sysBatchSetting), a system's control tab, its device key, and
 * the safety settings of spec §7 (GetCosSettings, SetCosSettings). Their schemas are in contract/devices.ts; the
 * catalogue of commands is contract/device-commands.ts.
 */

const schemasOf = schemasFrom(() => import('./devices'));
const readCommands = { subject: 'deviceCommand', action: 'read' } as const;

export const commandCalls = {
  send: defineEndpoint({
    path: '/DeviceCommand/SendCommand',
    permission: { subject: 'deviceCommand', action: 'create' },
    summary:
      'Queues a command of the catalogue for one system in scope (65: name or parameter missing; 2: a parameter out of range, named; ' +
      '67-72: cycle test rules; a model that lacks the feature is refused); a newer command for the same setting supersedes an open one',
    schemas: schemasOf((s) => ({ body: s.sendCommandBody, answer: s.commandRow })),
  }),
  list: defineEndpoint({
    path: '/DeviceCommand/GetCommandList',
    permission: readCommands,
    summary: 'Commands of the systems in scope, newest first, by S/N, command, states, sender, period and batch',
    schemas: schemasOf((s) => ({ body: s.commandListBody, answer: s.commandPage })),
  }),
  one: defineEndpoint({
    path: '/DeviceCommand/GetCommand',
    permission: readCommands,
    summary: 'One command with every transition of its ledger row (who asked, what the device said)',
    schemas: schemasOf((s) => ({ body: s.commandIdBody, answer: s.commandDetail })),
  }),
  cancel: defineEndpoint({
    path: '/DeviceCommand/CancelCommand',
    permission: { subject: 'deviceCommand', action: 'update' },
    summary: 'Cancels a command the device has not acknowledged yet (400 once it has)',
    schemas: schemasOf((s) => ({ body: s.commandIdBody, answer: s.commandRow })),
  }),
  retry: defineEndpoint({
    path: '/DeviceCommand/RetryCommand',
    permission: { subject: 'deviceCommand', action: 'create' },
    summary: 'Sends a command that ended without success again, as a new attempt (the old row stays as it ended)',
    schemas: schemasOf((s) => ({ body: s.commandIdBody, answer: s.commandRow })),
  }),
  control: defineEndpoint({
    path: '/DeviceCommand/GetSystemControl',
    permission: readCommands,
    summary: "A system's control tab: connection, settings as the device reported them, open and recent commands",
    schemas: schemasOf((s) => ({ body: s.snBody, answer: s.systemControl })),
  }),
  channel: defineEndpoint({
    path: '/DeviceCommand/GetChannelStatus',
    permission: readCommands,
    summary:
      'The device channel as this node sees it: its broker, the systems in scope and how many are connected, the device messages handed on and dropped since it started',
    schemas: schemasOf((s) => ({ body: s.noBody, answer: s.channelStatus })),
  }),
  rotateKey: defineEndpoint({
    path: '/DeviceCommand/RotateDeviceKey',
    permission: { subject: 'deviceKey', action: 'update' },
    summary: "Gives the system a new device key, shown this once (the old one stops working; the device's connection is closed)",
    schemas: schemasOf((s) => ({ body: s.snBody, answer: s.deviceKeyAnswer })),
  }),
};

const readBatches = { subject: 'commandBatch', action: 'read' } as const;

export const batchCalls = {
  preview: defineEndpoint({
    path: '/BatchSetting/PreviewBatch',
    permission: { subject: 'commandBatch', action: 'create' },
    summary: 'How many systems a batch would reach, how many are offline, which models refuse the command',
    schemas: schemasOf((s) => ({ body: s.batchPreviewBody, answer: s.batchPreview })),
  }),
  create: defineEndpoint({
    path: '/BatchSetting/CreateBatch',
    permission: { subject: 'commandBatch', action: 'create' },
    summary:
      'Sends one command to many systems in waves at a set rate (57: start time malformed; 64: start in the past; ' +
      'more than 50,000 systems refused)',
    schemas: schemasOf((s) => ({ body: s.createBatchBody, answer: s.batchRow })),
  }),
  list: defineEndpoint({
    path: '/BatchSetting/GetBatchList',
    permission: readBatches,
    summary: 'Batches, newest first, with their progress per state (counted from the ledger)',
    schemas: schemasOf((s) => ({ body: s.batchListBody, answer: s.batchPage })),
  }),
  one: defineEndpoint({
    path: '/BatchSetting/GetBatch',
    permission: readBatches,
    summary: 'One batch with its progress per state',
    schemas: schemasOf((s) => ({ body: s.commandIdBody, answer: s.batchRow })),
  }),
  systems: defineEndpoint({
    path: '/BatchSetting/GetBatchSystems',
    permission: readBatches,
    summary: "A batch's systems with their latest attempt, by state and S/N",
    schemas: schemasOf((s) => ({ body: s.batchSystemsBody, answer: s.commandPage })),
  }),
  cancel: defineEndpoint({
    path: '/BatchSetting/CancelBatch',
    permission: { subject: 'commandBatch', action: 'update' },
    summary: 'Cancels what the batch has not delivered yet; delivered commands finish',
    schemas: schemasOf((s) => ({ body: s.commandIdBody, answer: s.batchRow })),
  }),
  retryFailed: defineEndpoint({
    path: '/BatchSetting/RetryFailed',
    permission: { subject: 'commandBatch', action: 'update' },
    summary: 'Sends the command again to the systems where it failed, was rejected, timed out or expired (new attempts)',
    schemas: schemasOf((s) => ({ body: s.commandIdBody, answer: s.batchRow })),
  }),
};

export const safetyCalls = {
  read: defineEndpoint({
    path: '/ESS/GetCosSettings',
    permission: { subject: 'safetySettings', action: 'read' },
    summary: 'The grid-protection settings of a system as its device reported them; refresh asks the device to read them again',
    schemas: schemasOf((s) => ({ body: s.cosSettingsBody, answer: s.cosSettingsAnswer })),
  }),
  save: defineEndpoint({
    path: '/ESS/SetCosSettings',
    permission: { subject: 'safetySettings', action: 'update' },
    summary: "Writes a system's grid-protection settings through the command ledger (every change in the user log, before and after)",
    schemas: schemasOf((s) => ({ body: s.setCosSettingsBody, answer: s.commandRow })),
  }),
};
