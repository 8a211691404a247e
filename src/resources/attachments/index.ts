export { AttachmentLinks } from './AttachmentLinks';
export { AttachmentsInput } from './AttachmentsInput';
