import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PrintDocumentProps, PrintDocument } from '../../print/print-document';

/**
 * A payments document (a receipt, the patient ledger) on the shared print layout (features/print: the clinic's print
 * settings of the type, letterhead, the document's own language): shown as a paper preview in a dialog with a print
 * button; while the dialog is open it is the one printable document of the page (the dialog itself never prints).
 */
export function PrintPreview({ onClose, ...doc }: Omit<PrintDocumentProps, 'preview' | 'printable'> & { onClose: () => void }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  return (
    <Modal
      open
      onCancel={onClose}
      width={880}
      styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}
      title={t('ledger.print')}
      data-testid="print-preview"
      footer={[
        <Button key="close" onClick={onClose}>
          {tc('actions.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-now">
          {t('ledger.print')}
        </Button>,
      ]}
    >
      <PrintDocument {...doc} preview />
    </Modal>
  );
}
