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
    // Factory after-sales may not read the fleet overview (the storage list's roles).
    [['fasw'], 'welcome'],
  ] as const)('%j: %s', (roles, variant) => {
    signIn(roles);
    expect(dashboardVariant(roles)).toBe(variant);
  });
});
