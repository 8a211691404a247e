import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';

/** Whether the declared schema refuses an absent value. */
export function isRequired(field: FieldDeclaration): boolean {
  if (field.widget === 'switch') return false;
  return !field.schema.safeParse(undefined).success;
}

function blank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * antd Form rules from the declaration's zod schema: the same rule the server applies, its message (an i18n
 * key) translated. A blank optional field is left alone; a blank required one says 'required'.
 */
export function rulesFor(field: FieldDeclaration, t: TFunction): Rule[] {
  const required = isRequired(field);
  return [
    { required, message: t('admin:validation.required') },
    {
      validator: async (_rule, value: unknown) => {
        if (blank(value)) return;
        const input = typeof value === 'string' ? value.trim() : value;
        const result = field.schema.safeParse(input);
        if (result.success) return;
        const message = result.error.issues[0]?.message ?? 'admin:validation.invalid';
        throw new Error(message.includes(':') ? t(message) : t('admin:validation.invalid'));
      },
    },
  ];
}

/**
 * The field a server answer concerns: the one it names in `data.field` (a hook's code, e.g. 89 on
 * license_key), else the one named in `info` ('Parameter required: license_key'), else the field whose
 * `unique` / own code it is (90 → license_key).
 */
export function fieldOfError(
  declaration: ResourceDeclaration,
  error: { statusCode: number; info?: string; field?: string },
): string | undefined {
  if (error.field && declaration.fields[error.field]) return error.field;
  const named = error.info?.match(/:\s*([A-Za-z_][\w]*)/)?.[1];
  if (named && declaration.fields[named]) return named;
  for (const [name, field] of Object.entries(declaration.fields)) {
    const code = error.statusCode;
    if (field.unique === code || field.codes?.required === code || field.codes?.invalid === code) return name;
  }
  return undefined;
}
