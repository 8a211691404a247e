import { Typography } from 'antd';
import { useCanAccess } from '../../auth/ability';

/**
 * A person of a complaint (filer, handler, accepter, archive user, a message's author, who made a history entry) as
 * people read them: by display name (the server answers `<field>_name` beside each user name). An admin, who manages
 * the accounts (who may change users), also sees the user id.
 */
export function PersonName({ name, username }: { name?: unknown; username: unknown }) {
  const managesAccounts = useCanAccess()('user', 'update');
  const id = typeof username === 'string' ? username : '';
  const shown = typeof name === 'string' && name.trim() ? name : id;
  if (!shown) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span data-testid="complaint-person">
      {shown}
      {managesAccounts && id && id !== shown && <Typography.Text type="secondary"> ({id})</Typography.Text>}
    </span>
  );
}

/** The fields naming a person, each answered with `<field>_name` (server/complaints/visibility.ts PEOPLE_FIELDS). */
export const PEOPLE_FIELDS: readonly string[] = ['created_by', 'processor', 'accepter', 'archive_user'];
