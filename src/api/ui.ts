import { i18n } from '../i18n';

/**
 * What the /api client does to the page, kept injectable so tests (and the app shell, which wires antd's
 * contextual message/notification/modal) can replace each part.
 */
export interface ConfirmOptions {
  title: string;
  content?: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
}

export interface ApiUi {
  /** A short error message (business codes of spec §8). */
  message: (text: string) => void;
  /** An error notification (HTTP status errors of spec §8), shown for `durationSeconds`. */
  notify: (text: string, durationSeconds: number) => void;
  confirm: (options: ConfirmOptions) => void;
  reload: () => void;
  /** Saves a downloaded file. */
  saveFile: (blob: Blob, fileName: string) => void;
  translate: (key: string, options?: Record<string, unknown>) => string;
}

function defaultSaveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const defaults: ApiUi = {
  message: (text) => console.error(text),
  notify: (text) => console.error(text),
  confirm: (options) => {
    if (window.confirm(`${options.title}\n${options.content ?? ''}`)) options.onOk();
  },
  reload: () => window.location.reload(),
  saveFile: defaultSaveFile,
  translate: (key, options) => i18n.t(key, options) as string,
};

export const apiUi: ApiUi = { ...defaults };

export function configureApiUi(parts: Partial<ApiUi>) {
  Object.assign(apiUi, parts);
}

export function resetApiUi() {
  Object.assign(apiUi, defaults);
}
