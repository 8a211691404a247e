import { vi, type Mock } from 'vitest';
import { apiUi } from '../../src/api/ui';

export const ui = () =>
  apiUi as unknown as {
    message: Mock;
    notify: Mock;
    confirm: Mock;
    reload: Mock;
    saveFile: Mock;
    translate: (key: string, options?: Record<string, unknown>) => string;
  };

export const envelope = (code: number, data: unknown = null, info = 'server info', extra: Record<string, unknown> = {}) => ({
  code,
  data,
  info,
  ...extra,
});

export async function flush(ms = 0) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export { vi };
