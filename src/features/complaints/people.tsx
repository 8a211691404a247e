import { Typography } from 'antd';
import { useUser } from '../../auth/useUser';

/**
 * A person of a complaint (filer, handler, accepter, archive user, a message's author, who made a history entry) as
 * people read them: by display name (the server answers `<field>_name` beside each user name). An admin, who manages
 * the accounts, also sees the user id.
 */
export function PersonName({ name, username }: { name?: unknown; username: unknown }) {
  const admin = useUser()?.roles.includes('admin') ?? false;
  const id = typeof username === 'string' ? username : '';
  const shown = typeof name === 'string' && name.trim() ? name : id;
  if (!shown) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span data-testid="complaint-person">
      {shown}
      {admin && id && id !== shown && <Typography.Text type="secondary"> ({id})</Typography.Text>}
    </span>
  );
}

/** The fields naming a person, each answered with `<field>_name` (server/complaints/visibility.ts PEOPLE_FIELDS). */
export const PEOPLE_FIELDS: readonly string[] = ['created_by', 'processor', 'accepter', 'archive_user'];
