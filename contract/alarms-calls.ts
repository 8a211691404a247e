import { defineEndpoint, schemasFrom } from './endpoint';
import { XLSX_MEDIA } from './monitoring-constants';

/**
 * The fault search (sysFailureCheck) and the work on an alarm: registered by server/alarms/routes.ts, called by
 * src/features/alarms. Their schemas are in contract/alarms.ts; the lifecycle in DESIGN §12.
 */

const schemasOf = schemasFrom(() => import('./alarms'));
const read = { subject: 'alarm', action: 'read' } as const;
const update = { subject: 'alarm', action: 'update' } as const;

export const alarmCalls = {
  list: defineEndpoint({
    path: '/ESSMainTain/GetFaultList',
    permission: read,
    summary:
      "One page of the alarms of the systems in the caller's scope seen in the period (32 without one), by S/N, model, firmware, " +
      'component, code, severity, state, acknowledgement, country and installer; with the count of each state',
    schemas: schemasOf((s) => ({ body: s.alarmListBody, answer: s.alarmPage })),
  }),
  export: defineEndpoint({
    path: '/ColddataExport/ExportFaultList',
    kind: 'download',
    media: XLSX_MEDIA,
    permission: { subject: 'alarm', action: 'export' },
    summary:
      "The alarms of the same search as an xlsx file in the caller's language (8 when there are none; 32 without a period). With " +
      'background, or past 10,000 rows, it is made in the background: the answer is the envelope naming the generated report',
    schemas: schemasOf((s) => ({ body: s.alarmExportBody, answer: s.alarmFile })),
  }),
  one: defineEndpoint({
    path: '/Alarm/GetAlarm',
    permission: read,
    summary: 'One alarm with its history: opened, back within the hold, cleared, acknowledged, assigned, commented (who, when, a note)',
    schemas: schemasOf((s) => ({ body: s.alarmIdBody, answer: s.alarmDetail })),
  }),
  acknowledge: defineEndpoint({
    path: '/Alarm/AcknowledgeAlarms',
    permission: update,
    summary:
      'Acknowledges up to 500 alarms with an optional note (45 and nothing changed when one is outside the scope); those acknowledged before stay as they were',
    schemas: schemasOf((s) => ({ body: s.acknowledgeBody, answer: s.acknowledgeAnswer })),
  }),
  assign: defineEndpoint({
    path: '/Alarm/AssignAlarm',
    permission: update,
    summary: 'Gives an alarm to a member of staff who works on the fault search and sees the system (2 for anyone else), or to nobody',
    schemas: schemasOf((s) => ({ body: s.assignBody, answer: s.alarmDetail })),
  }),
  comment: defineEndpoint({
    path: '/Alarm/CommentAlarm',
    permission: update,
    summary: "Adds a note to an alarm's history",
    schemas: schemasOf((s) => ({ body: s.commentBody, answer: s.alarmDetail })),
  }),
  assignees: defineEndpoint({
    path: '/Alarm/GetAssignees',
    permission: update,
    summary: 'Who an alarm of this system may be given to',
    schemas: schemasOf((s) => ({ body: s.alarmIdBody, answer: s.assigneeOptions })),
  }),
};
