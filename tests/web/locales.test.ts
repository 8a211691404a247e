import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteNode } from '../../permissions/routes';
import { ROLES } from '../../permissions/roles';
import { CODE_MESSAGES, HTTP_STATUS_MESSAGES } from '../../contract/codes';

const ROOT = join(__dirname, '../../locales');
const LANGS = ['en', 'zh', 'de', 'ja'] as const;

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner && typeof inner === 'object') flatten(inner, path, out);
    else out.set(path, String(inner));
  }
  return out;
}

function load(language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(ROOT, language)).filter((f) => f.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(ROOT, language, file), 'utf8')), file.replace(/\.json$/, ''), out);
  }
  return out;
}

const maps = Object.fromEntries(LANGS.map((l) => [l, load(l)])) as Record<(typeof LANGS)[number], Map<string, string>>;

function routeKeys(routes: readonly RouteNode[]): string[] {
  return routes.flatMap((r) => [r.key, ...(r.children ? routeKeys(r.children) : [])]);
}

describe('locales', () => {
  it('has the same namespaces in every language', () => {
    const en = readdirSync(join(ROOT, 'en')).sort();
    expect(en).toEqual(expect.arrayContaining(['common.json', 'errors.json', 'login.json', 'menu.json']));
    for (const language of LANGS) expect(readdirSync(join(ROOT, language)).sort()).toEqual(en);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key of en, none empty, and no extra keys', (language) => {
    const missing = [...maps.en.keys()].filter((key) => !maps[language].has(key));
    const extra = [...maps[language].keys()].filter((key) => !maps.en.has(key));
    const empty = [...maps[language]].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
    expect(empty).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s leaves no English sentence untranslated', (language) => {
    const untranslated = [...maps[language]]
      .filter(([key, value]) => /\s\S+\s/.test(value) && maps.en.get(key) === value)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it.each(LANGS)('%s translates every code of the catalogue (errors:code.<n>)', (language) => {
    const missing = Object.keys(CODE_MESSAGES).filter((code) => !maps[language].get(`errors.code.${code}`));
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('%s translates every HTTP status text and the fixed messages of spec §4, §5, §8', (language) => {
    for (const status of Object.keys(HTTP_STATUS_MESSAGES)) expect(maps[language].get(`errors.http.${status}`)).toBeTruthy();
    for (const key of [
      'errors.connectionError',
      'errors.noDataToExport',
      'errors.loggedOut.title',
      'errors.loggedOut.loginAgain',
      'errors.verificationFailed',
      'login.validation.username',
      'login.validation.password',
      'common.actions.cancel',
    ]) {
      expect(maps[language].get(key), key).toBeTruthy();
    }
    expect(maps[language].get('errors.connectionError')).toContain('{{status}}');
  });

  it.each(LANGS)('%s has a menu title for every route key of the table, groups and hidden ones included', (language) => {
    const missing = routeKeys(ROUTES).filter((key) => !maps[language].get(`menu.${key}`));
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('%s names every role', (language) => {
    expect(ROLES.filter((role) => !maps[language].get(`common.role.${role}`))).toEqual([]);
  });

  it('keeps the spec texts in English', () => {
    expect(maps.en.get('login.validation.username')).toBe('Please enter user ID');
    expect(maps.en.get('login.validation.password')).toBe('Please enter the password');
    expect(maps.en.get('errors.loggedOut.title')).toBe('You have been logged out');
    expect(maps.en.get('errors.verificationFailed')).toBe('Verification failed, please login again');
    expect(maps.en.get('errors.noDataToExport')).toBe('No data to export');
    expect(maps.en.get('errors.connectionError')).toBe('Connection error ({{status}})');
    for (const [status, text] of Object.entries(HTTP_STATUS_MESSAGES)) expect(maps.en.get(`errors.http.${status}`)).toBe(text);
  });
});
