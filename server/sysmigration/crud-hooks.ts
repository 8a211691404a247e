import type { CrudHooks, Row } from '../core/crud/hooks';
import { refuseWhileMoving } from './guard';

const snsOf = (...rows: (Row | undefined)[]) => rows.map((row) => row?.sys_sn).filter((sn): sn is string => typeof sn === 'string');

/**
 * The guard (./guard.ts) for the declared records that name a system by `sys_sn` (complaints, customer archives and
 * their records): filing, editing or deleting one for a system being moved answers 85, for the S/N it names now or
 * the one it named.
 */
export const movingGuardHooks: CrudHooks = {
  async beforeSave(values, ctx) {
    await refuseWhileMoving(ctx.db, { sns: snsOf(values, ctx.existing) });
  },
  async beforeDelete(existing, ctx) {
    await refuseWhileMoving(ctx.db, { sns: snsOf(existing) });
  },
};
