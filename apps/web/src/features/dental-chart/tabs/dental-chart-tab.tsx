import { type Dentition, type ToothChange, type ToothSurface, dentitionOf } from '@dental/contract';
import { Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePatientProcedures } from '../../patient-procedures/api';
import { ToothProceduresList } from '../../patient-procedures/components/tooth-procedures';
import { proceduresByTooth } from '../../patient-procedures/procedure-model';
import { useCanalsCount, useNotesCount, usePatientTeeth, useSavePatientTeeth } from '../api';
import {
  type Changes,
  EMPTY_SELECTION,
  type Selection,
  clearTeeth,
  colourSurfaces,
  colourTeeth,
  countsByTooth,
  eraseColours,
  selectedTeeth,
  setExtra,
  toggleSurface,
  toggleSurfaceOnSelected,
  toggleTooth,
} from '../chart-state';
import { ChartLegend } from '../components/chart-legend';
import { ChartToolbar } from '../components/chart-toolbar';
import { Odontogram } from '../components/odontogram';
import { PALETTE } from '../components/tooth-geometry';
import { ToothPanel } from '../components/tooth-panel';

/**
 * Tab 3 of the patient file (/Patient/<id>/3): the dental chart. Teeth and surfaces are picked on the
 * odontogram (or with the keyboard), then coloured, given extras with a status, or cleared; the side panel shows
 * the last picked tooth with its parts, extensions, notes and canal measurements. Tooth numbers follow the
 * clinic's numbering system (FDI or Palmer) carried by the active user.
 */
export default function DentalChartTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('dental-chart');
  const { t: tc } = useTranslation();
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const canWrite = useCan(['patient_edit', 'patient_procedures']);
  const teeth = usePatientTeeth(patientId);
  const notesCount = useNotesCount(patientId);
  const canalsCount = useCanalsCount(patientId);
  const save = useSavePatientTeeth();
  // the patient's procedures drawn on their teeth, for who may read them
  const readsProcedures = useCan('patient_procedures');
  const procedures = usePatientProcedures({ patientId }, readsProcedures);
  const procedureMarks = useMemo(() => proceduresByTooth(procedures.data?.items ?? []), [procedures.data]);

  const chart = useMemo(() => teeth.data?.teeth ?? [], [teeth.data]);
  const notes = useMemo(() => countsByTooth(notesCount.data?.items), [notesCount.data]);
  const canals = useMemo(() => countsByTooth(canalsCount.data?.items), [canalsCount.data]);

  const [chosenDentition, setChosenDentition] = useState<Dentition | null>(null);
  // a chart with only child teeth opens on the child dentition
  const dentition: Dentition =
    chosenDentition ?? (chart.length && chart.every((c) => dentitionOf(c.tooth) === 'child') ? 'child' : 'adult');
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [color, setColor] = useState<string>(PALETTE[0].color);

  const picked = selectedTeeth(selection);
  const panelTooth = picked.at(-1) ?? null;

  const onToggleTooth = useCallback((tooth: number) => setSelection((s) => toggleTooth(s, tooth)), []);
  const onToggleSurface = useCallback(
    (tooth: number, code: ToothSurface) => setSelection((s) => toggleSurface(s, tooth, code)),
    [],
  );

  const send = async (changes: ToothChange[]) => {
    try {
      await save.mutateAsync({ patientId, teeth: changes });
      notify.success(tc('crud.saved'));
    } catch {
      // the api client has shown the server's message
    }
  };
  const run = (result: Changes) => {
    if ('error' in result) notify.warning(fieldErrorText(result.error));
    else void send(result.changes);
  };

  if (teeth.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (teeth.isError) {
    return (
      <Card>
        <EmptyState description={tc('error.subtitle')}>
          <Button onClick={() => void teeth.refetch()}>{tc('actions.reload')}</Button>
        </EmptyState>
      </Card>
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card
          size="small"
          title={t('chart.heading')}
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('chart.numbering', { system: t(`numbering.${numbering}`) })}
            </Typography.Text>
          }
        >
          <Flex vertical gap={12}>
            <ChartToolbar
              dentition={dentition}
              onDentition={(d) => {
                setChosenDentition(d);
                setSelection(EMPTY_SELECTION);
              }}
              selection={selection}
              onToggleSurface={(code) => setSelection((s) => toggleSurfaceOnSelected(s, code))}
              onClearSelection={() => setSelection(EMPTY_SELECTION)}
              color={color}
              onColor={setColor}
              canWrite={canWrite}
              busy={save.isPending}
              onColourTeeth={() => run(colourTeeth(selection, color))}
              onColourSurfaces={() => run(colourSurfaces(selection, color))}
              onErase={() => run(eraseColours(selection))}
              onSetExtra={(code, status) => run(setExtra(selection, chart, code, status))}
              onClear={() => run(clearTeeth(selection))}
            />
            <Odontogram
              dentition={dentition}
              numbering={numbering}
              chart={chart}
              notes={notes}
              canals={canals}
              selection={selection}
              procedures={readsProcedures ? procedureMarks : undefined}
              onToggleTooth={onToggleTooth}
              onToggleSurface={onToggleSurface}
            />
            <ChartLegend procedures={readsProcedures} />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <ToothPanel
          patientId={patientId}
          tooth={panelTooth}
          selectedCount={picked.length}
          numbering={numbering}
          state={panelTooth === null ? undefined : chart.find((c) => c.tooth === panelTooth)}
          notes={panelTooth === null ? 0 : (notes.get(panelTooth) ?? 0)}
          canals={panelTooth === null ? 0 : (canals.get(panelTooth) ?? 0)}
          canWrite={canWrite}
          busy={save.isPending}
          onSave={(change) => send([change])}
          procedures={readsProcedures ? (tooth) => <ToothProceduresList patientId={patientId} tooth={tooth} /> : undefined}
        />
      </Col>
    </Row>
  );
}
