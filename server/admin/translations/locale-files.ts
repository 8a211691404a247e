import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRANSLATION_LANGUAGES } from '../../../contract/admin/translations';

const LOCALES_DIR = fileURLToPath(new URL('../../../locales', import.meta.url));

/** locales/<lng>/<ns>.json flattened to 'a.b.c' keys, per language and namespace; re-read when a file changes. */
let cache: { stamp: string; files: Map<string, Map<string, string>> } | undefined;

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === 'string') {
    out.set(prefix, value);
  }
}

/** `${lng}/${ns}` → key → text, from the locale files shipped with the app. */
export function localeFiles(): Map<string, Map<string, string>> {
  const entries: string[] = [];
  for (const lng of TRANSLATION_LANGUAGES) {
    let names: string[] = [];
    try {
      names = readdirSync(join(LOCALES_DIR, lng)).filter((n) => n.endsWith('.json'));
    } catch {
      continue;
    }
    for (const name of names) entries.push(`${lng}/${name}:${statSync(join(LOCALES_DIR, lng, name)).mtimeMs}`);
  }
  const stamp = entries.sort().join('|');
  if (cache?.stamp === stamp) return cache.files;
  const files = new Map<string, Map<string, string>>();
  for (const entry of entries) {
    const [file] = entry.split(':') as [string];
    const map = new Map<string, string>();
    flatten(JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8')), '', map);
    files.set(file.replace(/\.json$/, ''), map);
  }
  cache = { stamp, files };
  return files;
}

export function namespaces(): string[] {
  const set = new Set<string>();
  for (const name of localeFiles().keys()) set.add(name.split('/')[1]!);
  return [...set].sort();
}
