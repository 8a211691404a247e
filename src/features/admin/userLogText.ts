import type { TFunction } from 'i18next';

/**
 * The user log's codes in the reader's language. Account events have their own text (`login_failed` → 'Failed
 * login'); a write of an administration screen ('<screen>.<verb>', written by server/core/crud/audit.ts) reads as the
 * screen's menu title and what was done; a record '<screen>:<id>' as the screen's title and the id. Codes no text
 * knows are shown as they are, never hidden.
 */
export function userLogAction(code: string, t: TFunction): string {
  const own = t(`admin:userLog.actions.${code}`, { defaultValue: '' });
  if (own) return own;
  const write = /^([A-Za-z]+)\.([A-Za-z_]+)$/.exec(code);
  if (!write) return code;
  const verb = t(`admin:userLog.verbs.${write[2]}`, { defaultValue: write[2] });
  return t('admin:userLog.onScreen', { screen: screenTitle(write[1]!, t), verb });
}

export function userLogTarget(target: string, t: TFunction): string {
  const record = /^([A-Za-z]+):(.*)$/.exec(target);
  return record ? `${screenTitle(record[1]!, t)} ${record[2]}` : target;
}

function screenTitle(screen: string, t: TFunction): string {
  return t(`menu:${screen}`, { defaultValue: t(`admin:${screen}.title`, { defaultValue: screen }) });
}
