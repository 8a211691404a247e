import { subjectOf, type ResourceDeclaration } from '../../resources/types';
import { canAccessKey } from '../auth/ability';

/** Which of the generated buttons a user is offered: the action must exist (its endpoint) and the CASL ability must allow it. */
export interface ResourcePermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export function resourcePermissions(declaration: ResourceDeclaration): ResourcePermissions {
  const subject = subjectOf(declaration);
  return {
    create: !!declaration.endpoints.save && canAccessKey(subject, 'create'),
    update: !!declaration.endpoints.save && canAccessKey(subject, 'update'),
    delete: !!declaration.endpoints.delete && canAccessKey(subject, 'delete'),
  };
}
