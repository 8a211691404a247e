import { describe, expect, it } from 'vitest';
import { dashboardVariant } from '../../../src/features/monitoring/dashboard/variant';
import { signIn } from '../render-portal';

describe('the dashboard each user sees (one rule for the page and its cold-start fetch)', () => {
  it.each([
    [['customer'], 'customer'],
    [['sharer'], 'customer'],
    [['supplier'], 'supplier'],
    [['admin'], 'fleet'],
    [['installer'], 'fleet'],
    // The after-sales teams get what waits for them, whether or not they may read the fleet overview.
    [['fasw'], 'aftersales'],
    [['dasw'], 'aftersales'],
    [['servicer'], 'fleet'],
  ] as const)('%j: %s', (roles, variant) => {
    signIn(roles);
    expect(dashboardVariant(roles)).toBe(variant);
  });
});
