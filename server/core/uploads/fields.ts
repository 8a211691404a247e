import type { AttachmentRule, FieldDeclaration, ResourceDeclaration } from '../../../resources/types';

export interface AttachmentField {
  name: string;
  rule: AttachmentRule;
}

/** The attachments fields of a declaration, in declaration order. */
export function attachmentFieldsOf(declaration: ResourceDeclaration): AttachmentField[] {
  return Object.entries(declaration.fields as Record<string, FieldDeclaration>)
    .filter(([, field]) => field.attachments)
    .map(([name, field]) => ({ name, rule: field.attachments! }));
}
