import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RESOURCES } from '../../../resources';
import { defineResource } from '../../../resources/types';

describe('a declared resource', () => {
  it('builds its fields on first read, once, and shows them to a spread as a plain property', () => {
    let built = 0;
    const widgets = defineResource({
      name: 'widgets',
      route: '/widgets',
      namespace: 'admin',
      endpoints: {},
      fields: () => {
        built += 1;
        return { code: { schema: z.string() } };
      },
    });
    expect(built).toBe(0);
    expect(Object.keys(widgets.fields)).toEqual(['code']);
    expect(widgets.fields).toBe(widgets.fields);
    const copy = { ...widgets };
    expect(copy.fields).toBe(widgets.fields);
    expect(Object.keys(copy)).toContain('fields');
    expect(built).toBe(1);
  });

  it('every declaration of the portal builds fields with a zod rule each', () => {
    for (const declaration of RESOURCES) {
      const fields = Object.entries(declaration.fields);
      expect(fields.length, declaration.name).toBeGreaterThan(0);
      for (const [name, field] of fields) expect(field.schema, `${declaration.name}.${name}`).toBeInstanceOf(z.ZodType);
    }
  });
});
