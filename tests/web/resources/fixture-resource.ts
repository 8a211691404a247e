import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from '../../../resources/attachments';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';

/**
 * A new entity as a developer declares it: no screen, no registry line, no route-table row. The test lists
 * it in RESOURCES (the one edit besides the declaration) and gets its route, menu entry and pages.
 */
export const fixtureWidgets = defineResource({
  name: 'fixtureWidgets',
  route: '/BasicSettings/fixtureWidgets',
  group: 'BasicSettings',
  icon: 'tool',
  roles: ['admin', 'servicer'],
  namespace: 'fixture',
  table: 'fixtureWidgets',
  endpoints: {
    list: '/Widget/GetWidgetPageList',
    one: '/Widget/GetWidget',
    save: '/Widget/SaveWidget',
    delete: '/Widget/DeleteWidget',
    upload: '/Widget/UploadWidgetFile',
    download: '/Widget/DownloadWidgetFile',
  },
  titleField: 'code',
  // Narrowed as a declaration may: the servicer edits widgets but only an admin deletes them.
  permissions: { delete: ['admin'] },
  fields: () => ({
    code: {
      schema: rules.requiredText(20).regex(/^W-\d+$/, 'fixture:invalidCode'),
      list: true,
      filter: 'text',
      sortable: true,
      form: true,
      unique: 52,
    },
    colour: { schema: z.enum(['red', 'green']), widget: 'select', options: ['red', 'green'], list: true, filter: true, form: true },
    papers: attachmentsField({ max: 3, maxBytes: ATTACHMENT_MAX_BYTES, accept: ['application/pdf', 'text/plain'] }),
    photo: attachmentsField({ max: 1, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'images' }),
  }),
});

/** Its texts (locales/<lng>/menu.json and its namespace, in a real entity). */
export const FIXTURE_TEXTS = {
  fixture: {
    invalidCode: 'A widget code looks like W-1',
    fixtureWidgets: {
      title: 'Widgets',
      fields: { code: 'Widget code', colour: 'Colour', papers: 'Papers', photo: 'Photo' },
      options: { colour: { red: 'Red', green: 'Green' } },
    },
  },
  menu: { fixtureWidgets: 'Widgets' },
};
