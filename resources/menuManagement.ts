import { z } from 'zod';
import { rules } from './rules';
import { defineResource } from './types';

/** The icons the sidebar knows (src/layout/icons.tsx): a menu entry can take one of these. */
export const MENU_ICONS = ['home', 'storage', 'export', 'tool', 'info', 'setting', 'complaint'] as const;

/** The menu tree: title per language, order, icon, parent, hidden (codes 46 sub menu exists, 47 title used). */
/** The menu list call: the screen's, and the parent picker's. */
const MENU_LIST_PATH = '/Menu/GetMenuPageList';

export const menuManagement = defineResource({
  name: 'menuManagement',
  entity: 'menu',
  route: '/BasicSettings/menuManagement',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'menus',
  endpoints: {
    list: MENU_LIST_PATH,
    one: '/Menu/GetMenu',
    save: '/Menu/SaveMenu',
    delete: '/Menu/DeleteMenu',
  },
  titleField: 'title_en',
  // By path: each group followed by its entries, like the tree.
  defaultSort: { field: 'path', order: 'asc' },
  fields: () => ({
    menu_key: {
      schema: rules.requiredText(64).regex(/^[A-Za-z][A-Za-z0-9]{1,63}$/, 'admin:validation.code'),
      list: true,
      filter: 'text',
      sortable: true,
      form: true,
      unique: 2,
    },
    title_en: { schema: rules.requiredText(80), list: true, filter: 'text', sortable: true, form: true },
    parent_key: {
      schema: z
        .string()
        .trim()
        .max(64)
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
      widget: 'select',
      relation: {
        listPath: MENU_LIST_PATH,
        valueField: 'menu_key',
        labelField: { en: 'title_en', zh: 'title_zh', de: 'title_de', ja: 'title_ja' },
      },
      list: true,
      filter: 'select',
      form: true,
    },
    path: { schema: rules.optionalText(200), list: true, sortable: true, form: true },
    title_zh: { schema: rules.optionalText(80), form: true, show: true },
    title_de: { schema: rules.optionalText(80), form: true, show: true },
    title_ja: { schema: rules.optionalText(80), form: true, show: true },
    icon: {
      schema: z
        .union([z.enum(MENU_ICONS), z.literal('')])
        .nullable()
        .optional()
        .transform((v) => v ?? ''),
      widget: 'select',
      options: MENU_ICONS,
      list: true,
      // Offered by the column chooser: the sidebar shows the icons, and without this column the table fits 1366 px in German.
      columnHidden: true,
      form: true,
      show: true,
      width: 110,
    },
    sort_order: { schema: rules.integer(0, 9999), widget: 'number', list: true, sortable: true, form: true, defaultValue: 0, width: 90 },
    hidden: {
      schema: z.boolean().optional().default(false),
      widget: 'switch',
      list: true,
      filter: 'select',
      form: true,
      defaultValue: false,
      width: 90,
    },
  }),
});
