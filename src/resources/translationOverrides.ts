import { translationCalls } from '../../contract/admin/translations-calls';

/**
 * Translation overrides edited in langTransManagement: the server keeps them, the web app merges them over
 * the shipped locales/ files as each language loads, so an edit applies without a rebuild.
 */
type Overrides = Record<string, Record<string, string>>;

const pending = new Map<string, Promise<Overrides>>();

export function loadOverrides(language: string): Promise<Overrides> {
  // Unit tests run on the shipped texts (their mocked server knows no overrides).
  if (import.meta.env?.MODE === 'test') return Promise.resolve({});
  let promise = pending.get(language);
  if (!promise) {
    promise = fetch(`/api${translationCalls.overrides.path}?lng=${encodeURIComponent(language)}`)
      .then((response) => (response.ok ? response.json() : null))
      .then((envelope: { code?: number; data?: Overrides } | null) => (envelope?.code === 200 && envelope.data ? envelope.data : {}))
      .catch(() => ({}));
    pending.set(language, promise);
  }
  return promise;
}

/** Forget what was fetched (after an edit, the next load asks again). */
export function forgetOverrides(): void {
  pending.clear();
}

/**
 * The bundle with the overrides of its namespace written in at their dotted keys. The bundle must be the
 * caller's own, freshly parsed copy of the shipped file (src/i18n reads each file as text): i18next keeps the
 * object it is given and a text set later (an edit) changes it, so a shared object would bring the edit back
 * when the namespace is read again (a reset to the shipped text).
 */
export function applyOverrides(bundle: Record<string, unknown>, overrides: Record<string, string> | undefined): Record<string, unknown> {
  const out = bundle;
  if (!overrides) return out;
  for (const [key, value] of Object.entries(overrides)) {
    const parts = key.split('.');
    let node = out as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) {
      if (!node[part] || typeof node[part] !== 'object') node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}
