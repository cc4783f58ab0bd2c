import type { Dentition, ToothSurface } from '@dental/contract';
import { Flex, Segmented } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { type Selection, EMPTY_SELECTION, toggleSurface, toggleTooth } from '../../dental-chart/chart-state';
import { Odontogram } from '../../dental-chart/components/odontogram';
import type { ToothProcedureMarks } from '../../dental-chart/components/tooth-glyph';

const EMPTY_MAP = new Map<number, number>();

/**
 * The odontogram in picking mode (no charting): adult / child switch, click teeth and surfaces; optionally with
 * the patient's procedures drawn. Used by the procedures tab (filter by tooth) and the add-procedure form.
 */
export function PickingChart(p: {
  dentition: Dentition;
  onDentition: (d: Dentition) => void;
  selection: Selection;
  onSelection: Dispatch<SetStateAction<Selection>>;
  procedures?: ReadonlyMap<number, ToothProcedureMarks>;
  onPick?: () => void;
}) {
  const { t } = useTranslation('patient-procedures');
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const { onSelection, onPick } = p;
  return (
    <Flex vertical gap={8}>
      <Segmented<Dentition>
        size="small"
        value={p.dentition}
        onChange={(d) => {
          p.onDentition(d);
          onSelection(EMPTY_SELECTION);
        }}
        options={[
          { value: 'adult', label: t('form.adult') },
          { value: 'child', label: t('form.child') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Odontogram
        dentition={p.dentition}
        numbering={numbering}
        chart={[]}
        notes={EMPTY_MAP}
        canals={EMPTY_MAP}
        selection={p.selection}
        procedures={p.procedures}
        onToggleTooth={(tooth) => {
          onPick?.();
          onSelection((s) => toggleTooth(s, tooth));
        }}
        onToggleSurface={(tooth: number, code: ToothSurface) => {
          onPick?.();
          onSelection((s) => toggleSurface(s, tooth, code));
        }}
      />
    </Flex>
  );
}
