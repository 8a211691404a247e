import type { FormInstance } from 'antd';
import { CallError } from '../../api/call';
import { codeMessage } from '../../api/client';

/**
 * Shows a refused call where it belongs: on the form field the answer names (`data.field`, e.g. `components.2.sn`
 * or `photos`, mapped to the form's own path by `fieldPath`) as well as in a message.
 */
export function showInstallError(
  error: unknown,
  form: FormInstance,
  toast: (text: string) => void,
  fieldPath: (field: string) => (string | number)[] | undefined = (field) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
): void {
  if (!(error instanceof CallError)) {
    toast(codeMessage(-1));
    return;
  }
  const text = codeMessage(error.code);
  const field = (error.data as { field?: unknown } | null)?.field;
  const path = typeof field === 'string' ? fieldPath(field) : undefined;
  toast(text);
  if (path) {
    form.setFields([{ name: path, errors: [text] }]);
    form.scrollToField(path);
  }
}
