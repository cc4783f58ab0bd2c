import {
  type Language,
  type PatientProcedureItem,
  type PatientProcedureStatus,
  PROCEDURE_DELETABLE_STATUSES,
  allowedNextStatuses,
} from '@dental/contract';
import { Form, Modal, Select, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { currentLanguage, fieldErrorText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useBranchDoctors, useDeletePatientProcedure, useUpdateProcedureStatus } from '../api';
import { formatMoneyText } from '../../../lib/format';
import { procedureName, withApprovalConfirmation } from '../procedure-model';

/** Status tag: a colour and the status's name (the name carries the meaning, the colour only helps). */
export const STATUS_TAG_COLORS: Record<PatientProcedureStatus, string> = {
  S1: 'orange',
  S2: 'blue',
  S3: 'green',
  S4: 'cyan',
  S5: 'default',
};

export function StatusTag({ status }: { status: PatientProcedureStatus }) {
  const { t } = useTranslation('patient-procedures');
  return (
    <Tag color={STATUS_TAG_COLORS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Money text in the UI language with the clinic's currency, and the procedure's name in the UI language. */
export function useProcedureFormat() {
  useTranslation();
  const currency = useSession()?.user.currency ?? '';
  const language: Language = currentLanguage();
  return {
    language,
    /** Isolated (FSI … PDI) so "3,000 EGP" keeps its order inside Arabic sentences. */
    money: (value: string | null | undefined) => {
      const text = formatMoneyText(value, currency, language);
      return text ? `\u2068${text}\u2069` : '';
    },
    name: (p: Pick<PatientProcedureItem, 'procedureNameAr' | 'procedureNameEn' | 'procedureNameFr'>) => procedureName(p, language),
  };
}

/** What a move to `to` from `from` is called in the UI: start, complete, by another doctor, cancel, reopen. */
export function transitionAction(from: PatientProcedureStatus, to: PatientProcedureStatus): string {
  if (to === 'S2') return from === 'S1' ? 'start' : 'reopen';
  if (to === 'S3') return 'complete';
  if (to === 'S4') return 'completeByOther';
  if (to === 'S5') return 'cancel';
  return 'reopen';
}

/**
 * Shows a refused write: 409 stale_version warns and reloads the data; other codes show the server's translated
 * message. Field errors are left to the forms.
 */
export function reportProcedureError(error: unknown, reload?: () => unknown): void {
  if (error instanceof ApiError) {
    if (error.status === 401) return;
    notify.warning(error.message);
    if (error.code === 'stale_version' || error.code === 'patient_procedure_not_found') void reload?.();
  } else if (error instanceof Error && error.name !== 'AbortError') notify.warning(fieldErrorText('unexpected'));
}

/**
 * The status moves and deletion of a procedure, with the confirmations: approval_required asks and re-sends with
 * confirmWithoutApproval; S4 asks for the other doctor; deletion is confirmed. `reload` refreshes after a 409.
 */
export function useProcedureActions(reload: () => unknown) {
  const { t } = useTranslation('patient-procedures');
  const { t: tc } = useTranslation();
  const branchId = useSession()?.branchId ?? null;
  const doctorsQuery = useBranchDoctors(branchId);
  const doctors = useMemo(() => doctorsQuery.data?.doctors ?? [], [doctorsQuery.data]);
  const update = useUpdateProcedureStatus();
  const remove = useDeletePatientProcedure();
  const [modal, contextHolder] = Modal.useModal();

  const askApproval = useCallback(
    (message: string) =>
      new Promise<boolean>((resolve) => {
        void modal.confirm({
          title: t('approval.title'),
          content: message || fieldErrorText('approval_required'),
          okText: t('approval.confirm'),
          cancelText: tc('actions.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t, tc],
  );

  const askDoctor = useCallback(
    (item: PatientProcedureItem) =>
      new Promise<number | null>((resolve) => {
        let chosen: number | null = null;
        void modal.confirm({
          title: t('actions.completeByOther'),
          icon: null,
          content: (
            <Form layout="vertical" style={{ marginBlockStart: 12 }}>
              <Form.Item label={t('fields.completedBy')} required>
                <Select<number>
                  aria-label={t('fields.completedBy')}
                  showSearch={{ optionFilterProp: 'label' }}
                  onChange={(v) => (chosen = v)}
                  options={doctors.filter((d) => d.id !== item.doctorId).map((d) => ({ value: d.id, label: d.name }))}
                />
              </Form.Item>
            </Form>
          ),
          okText: tc('actions.save'),
          cancelText: tc('actions.cancel'),
          onOk: () => {
            if (chosen === null) {
              notify.warning(fieldErrorText('completed_by_required'));
              return Promise.reject(new Error('completed_by_required'));
            }
            resolve(chosen);
          },
          onCancel: () => resolve(null),
        });
      }),
    [modal, t, tc, doctors],
  );

  const move = useCallback(
    async (item: PatientProcedureItem, to: PatientProcedureStatus) => {
      let completedBy: number | undefined;
      if (to === 'S4') {
        const doctor = await askDoctor(item);
        if (doctor === null) return;
        completedBy = doctor;
      }
      try {
        const done = await withApprovalConfirmation(
          (confirmWithoutApproval) =>
            update.mutateAsync({
              id: item.id,
              version: item.version,
              status: to,
              completedBy,
              ...(confirmWithoutApproval ? { confirmWithoutApproval } : {}),
            }),
          () => askApproval(fieldErrorText('approval_required')),
        );
        if (done) notify.success(t('moved', { status: t(`status.${to}`) }));
      } catch (error) {
        reportProcedureError(error, reload);
      }
    },
    [askApproval, askDoctor, update, reload, t],
  );

  const confirmDelete = useCallback(
    (item: PatientProcedureItem, name: string) => {
      void modal.confirm({
        title: tc('crud.confirmDeleteTitle'),
        content: tc('crud.confirmDelete', { name }),
        okText: tc('actions.delete'),
        okButtonProps: { danger: true },
        cancelText: tc('actions.cancel'),
        onOk: async () => {
          try {
            await remove.mutateAsync({ id: item.id, version: item.version });
            notify.success(tc('crud.deleted'));
          } catch (error) {
            reportProcedureError(error, reload);
          }
        },
      });
    },
    [modal, remove, reload, tc],
  );

  return {
    contextHolder,
    busy: update.isPending || remove.isPending,
    nextStatuses: (item: PatientProcedureItem) => allowedNextStatuses(item.status),
    canDelete: (item: PatientProcedureItem) => PROCEDURE_DELETABLE_STATUSES.includes(item.status),
    move,
    confirmDelete,
  };
}
