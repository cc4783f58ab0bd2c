import type { PrintDocumentType } from '@dental/contract';
import { useSession } from '../../../lib/session';
import { PrintDocument } from '../print-document';
import { usePrintDoc } from '../print-context';
import { type PrintLayoutSettings, shows } from '../print-model';

/** A sample document of a type with the given settings: the settings form's live preview (and its test page). */
export function SampleDocument({ type, settings }: { type: PrintDocumentType; settings: PrintLayoutSettings }) {
  return (
    <PrintDocument
      type={type}
      settings={settings}
      preview
      title={(doc) => doc.t('print')(`types.${type}`)}
      meta={(doc) => {
        const t = doc.t('print');
        return [
          { label: t('sample.number'), value: <bdi>1024</bdi> },
          { label: t('sample.date'), value: doc.date(new Date()) },
          ...(shows(doc.settings, 'patientDetails') ? [{ label: t('sample.patient'), value: t('sample.patientName') }] : []),
        ];
      }}
    >
      <SampleBody />
    </PrintDocument>
  );
}

function SampleBody() {
  const doc = usePrintDoc();
  const t = doc.t('print');
  const currency = useSession()?.user.currency ?? 'EGP';
  const lines = [
    { item: t('sample.line1'), amount: '750' },
    { item: t('sample.line2'), amount: '400' },
  ];
  return (
    <table className="print-table">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('sample.item')}</th>
          <th className="num">{t('sample.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td>{l.item}</td>
            <td className="num">
              <bdi>{doc.money(l.amount, currency)}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={2}>{t('sample.total')}</th>
          <th className="num">
            <bdi>{doc.money('1150', currency)}</bdi>
          </th>
        </tr>
      </tfoot>
    </table>
  );
}
