import type { CallInput, schedulerCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { fieldErrorText } from '../../lib/i18n';
import { notify } from '../../lib/toast';
import { useSaveAppointment, useSaveAppointmentRecurrence } from './api';
import { type ConfirmReason, type Confirmations, saveWithConfirmations } from './save-protocol';

type SaveInput = CallInput<typeof schedulerCalls.saveAppointment>;
type SeriesInput = CallInput<typeof schedulerCalls.saveAppointmentRecurrence>;

/**
 * Saving an appointment with the server's questions answered in dialogs (save-protocol.ts). `report` shows a
 * refusal: the server's translated message; an appointment changed by someone else is read again.
 */
export function useSaveFlow(allowOverlapping: boolean) {
  const { t } = useTranslation('scheduler');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const saveOne = useSaveAppointment();
  const saveSeries = useSaveAppointmentRecurrence();

  const ask = (reason: ConfirmReason, error: ApiError) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: reason === 'overlap' ? t('confirm.overlapTitle') : t('confirm.hoursTitle'),
        content: reason === 'overlap' ? `${error.message}. ${t('confirm.overlapQuestion')}` : error.message,
        okText: t('confirm.saveAnyway'),
        cancelText: t('confirm.back'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const run = <T>(send: (c: Confirmations) => Promise<T>) => saveWithConfirmations(send, ask, { allowOverlapping });

  const report = (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.status === 401) return;
      notify.warning(error.message);
      // the shown appointment changed, is gone, or moved to a branch the user may not work in (BS15): reload
      if (error.code === 'appointment_changed' || error.code === 'appointment_not_found' || error.code === 'BS15')
        void queryClient.invalidateQueries({ queryKey: ['Cleander'] });
    } else if (!(error instanceof Error && error.name === 'AbortError')) {
      notify.warning(fieldErrorText('unexpected'));
    }
  };

  return {
    save: (input: SaveInput) => run((c) => saveOne.mutateAsync({ ...input, ...c })),
    saveSeries: (input: SeriesInput) => run((c) => saveSeries.mutateAsync({ ...input, ...c })),
    report,
    saving: saveOne.isPending || saveSeries.isPending,
  };
}
