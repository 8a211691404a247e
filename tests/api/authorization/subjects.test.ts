import { describe, expect, it, vi } from 'vitest';
import { defineAbilityFor } from '../../../permissions/ability';
import { ROLES, type Role } from '../../../permissions/roles';
import { findRoute } from '../../../permissions/routes';
import { CRUD_ACTIONS, SUBJECT_GRANTS, type SubjectGrant } from '../../../permissions/subjects';

/**
 * Who holds which entity action (permissions/subjects.ts), read through the one CASL ability: a grant follows
 * its screen's roles and per-user denials exactly, sharers write nothing but their own account, and a
 * declaration's `permissions` narrows what its screen implies.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  return {
    ...shipped,
    // The licenses screen, narrowed: only admins delete licenses.
    RESOURCES: shipped.RESOURCES.map((r) => (r.name === 'licenseManagement' ? { ...r, permissions: { delete: ['admin'] as const } } : r)),
  };
});

describe('entity permissions', () => {
  it("an entity action is held by exactly the roles its grants name: the screen's roles (narrowed where a grant says)", () => {
    const holds = (role: Role, grant: SubjectGrant) => {
      const route = grant.screen ? findRoute(grant.screen) : undefined;
      if (grant.screen) expect(route, grant.screen).toBeDefined();
      return (!route?.roles || route.roles.includes(role)) && (!grant.roles || grant.roles.includes(role));
    };
    for (const grant of SUBJECT_GRANTS) {
      for (const action of grant.actions) {
        if (grant.subject === 'license' && action === 'delete') continue;
        const grants = SUBJECT_GRANTS.filter((g) => g.subject === grant.subject && g.actions.includes(action));
        for (const role of ROLES) {
          expect(defineAbilityFor([role]).can(action, grant.subject), `${role} ${action} ${grant.subject}`).toBe(
            grants.some((g) => holds(role, g)),
          );
        }
      }
    }
    // DESIGN §9 keeps sharers, suppliers and VPP managers out of the complaint screens and calls.
    for (const role of ['sharer', 'supplier', 'vppmanager'] as const) {
      expect(defineAbilityFor([role]).can('access', 'customerComplaintList')).toBe(false);
      expect(defineAbilityFor([role]).can('access', 'createComplaint')).toBe(false);
      expect(defineAbilityFor([role]).can('create', 'complaint')).toBe(false);
    }
    expect(defineAbilityFor(['customer']).can('access', 'createComplaint')).toBe(true);
  });

  it("hiding a screen from a user takes its entity's actions away with it", () => {
    expect(defineAbilityFor(['admin']).can('update', 'user')).toBe(true);
    expect(defineAbilityFor(['admin'], ['userManagement']).can('update', 'user')).toBe(false);
    // The companies are also company management's: they go when both screens are hidden.
    expect(defineAbilityFor(['admin'], ['userManagement']).can('read', 'installerCompany')).toBe(true);
    expect(defineAbilityFor(['admin'], ['userManagement', 'companyManagement']).can('read', 'installerCompany')).toBe(false);
    expect(defineAbilityFor(['admin'], ['companyManagement']).can('delete', 'organization')).toBe(false);
    expect(defineAbilityFor(['admin'], ['userManagement']).can('read', 'license')).toBe(true);
  });

  it('a sharer writes nothing but their own account, profile, notifications (read, deleted for them) and generated reports (DESIGN §6: read-only)', () => {
    const sharer = defineAbilityFor(['sharer']);
    const writable = SUBJECT_GRANTS.map((g) => g.subject)
      .filter((subject, i, all) => all.indexOf(subject) === i)
      .filter((subject) => CRUD_ACTIONS.some((action) => action !== 'read' && action !== 'export' && sharer.can(action, subject)));
    expect(writable.sort()).toEqual(['account', 'generatedReport', 'notification', 'profile']);
  });

  it("a declaration's permissions narrow its screen's grant", () => {
    expect(defineAbilityFor(['admin']).can('delete', 'license')).toBe(true);
    expect(defineAbilityFor(['servicer']).can('delete', 'license')).toBe(false);
    expect(defineAbilityFor(['servicer']).can('update', 'license')).toBe(true);
  });
});
