import { Modal as AntdModal, type ModalProps } from 'antd';

/** antd's Modal with the portal's default (spec §2): a click on the backdrop never closes a dialog. */
function Modal(props: ModalProps) {
  return <AntdModal maskClosable={false} {...props} />;
}

Modal.confirm = AntdModal.confirm;
Modal.useModal = AntdModal.useModal;

export { Modal };
export type { ModalProps };
