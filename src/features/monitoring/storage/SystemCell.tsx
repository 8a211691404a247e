import type { ReactNode } from 'react';

/** The first cell of every list of systems: the S/N as the list's own link, the system's name under it. */
export function SystemCell({ link, name }: { link: ReactNode; name: string | null }) {
  return (
    <span className="storage-table__system">
      {link}
      {name && <span className="storage-table__name">{name}</span>}
    </span>
  );
}
