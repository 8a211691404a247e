import { entityOf, type ResourceDeclaration } from '../../resources/types';
import { canAccessKey } from '../auth/ability';

/**
 * Which of the generated buttons a user is offered: the action must exist (its endpoint) and the CASL ability
 * must allow it on the declaration's entity (permissions/subjects.ts), as the server checks every call: what a
 * declaration narrows (`permissions: { delete: ['admin'] }`) or an entity grant leaves out is never offered.
 */
export interface ResourcePermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export function resourcePermissions(declaration: ResourceDeclaration): ResourcePermissions {
  const entity = entityOf(declaration);
  return {
    create: !!declaration.endpoints.save && canAccessKey(entity, 'create'),
    update: !!declaration.endpoints.save && canAccessKey(entity, 'update'),
    delete: !!declaration.endpoints.delete && canAccessKey(entity, 'delete'),
  };
}
