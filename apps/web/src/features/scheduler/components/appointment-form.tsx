import { UserAddOutlined } from '@ant-design/icons';
import { type CalendarSettings, NEW_APPOINTMENT_STATUSES } from '@dental/contract';
import { Alert, Button, Drawer, Flex, Form, Input, Radio, Result, Select, Switch, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayField } from '../../../components/day-field';
import { ApiError } from '../../../lib/api';
import { timeFormatOf, uses24Hours } from '../../../lib/format';
import { handleFormError } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { PatientPicker } from '../../patients/components/patient-picker';
import { type AppointmentDraft, type DraftValues, draftInstants, draftRule } from '../appointment-draft';
import { weekdayOf } from '../../../lib/clinic-time';
import { useSaveFlow } from '../use-save-flow';
import { QuickAddPatient } from './quick-add-patient';
import { RecurrenceFields } from './recurrence-fields';
import { roomOptions } from './room-dot';

/** Times are the clinic's wall clock as 'HH:mm'; the end of the day ('24:00') shows as 12:00 AM. */
const timeValue = {
  getValueProps: (value?: string | null) => ({
    value: value ? dayjs(`2000-01-01T${value === '24:00' ? '00:00' : value}`) : null,
  }),
  normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : null),
};
const endOfDay = (end: string | null | undefined) => (end === '00:00' ? '24:00' : end);
const required: Rule = {
  validator: async (_rule, value: unknown) => {
    if (value == null || value === '') throw new Error(fieldErrorText('field_required'));
  },
};
const afterStart: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, end?: string | null) => {
    const start: string | undefined = getFieldValue('startTime');
    const e = endOfDay(end);
    if (start && e && start >= e) throw new Error(fieldErrorText('time_start_before_end'));
  },
});

interface AppointmentFormProps {
  draft: AppointmentDraft | null;
  settings: CalendarSettings;
  branchId: number;
  onClose: () => void;
}

/**
 * Adds or changes an appointment: patient (search or quick add), doctor, room, day and times or all day, status
 * (new only), notes, and a repeat rule for a new one. An occurrence of a series is changed alone or with the
 * following ones. Without rooms the clinic is sent to /Rooms first.
 */
export function AppointmentForm({ draft, settings, branchId, onClose }: AppointmentFormProps) {
  const { t } = useTranslation('scheduler');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<DraftValues>();
  const flow = useSaveFlow(settings.allowOverlapping);
  const canAddPatient = useCan('patient_add');
  const [quickAdd, setQuickAdd] = useState(false);
  const [picked, setPicked] = useState<{ id: number; name: string; code: string } | null>(null);
  const editing = draft?.appointment;
  const allDay = Form.useWatch('allDay', form);
  const repeat = Form.useWatch('repeat', form);
  const open = !!draft;

  useEffect(() => {
    if (!draft) return;
    const a = draft.appointment;
    form.resetFields();
    setPicked(a ? { id: a.patientId, name: a.patientName, code: a.patientCode } : (draft.patient ?? null));
    form.setFieldsValue({
      patientId: a?.patientId ?? draft.patient?.id ?? null,
      doctorId: draft.doctorId ?? (settings.doctors.length === 1 ? settings.doctors[0]!.id : null),
      roomId: draft.roomId ?? (settings.rooms.length === 1 ? settings.rooms[0]!.id : null),
      date: draft.date,
      startTime: draft.startTime,
      endTime: draft.endTime,
      allDay: draft.allDay,
      status: 'AS1',
      notes: a?.notes ?? null,
      scope: 'one',
      repeat: false,
      frequency: 'weekly',
      interval: 1,
      weekdays: [weekdayOf(draft.date)],
      endKind: 'count',
      count: 4,
      untilDate: null,
    });
  }, [draft, form, settings.rooms, settings.doctors]);

  const submit = async () => {
    let v: DraftValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const { start, end } = draftInstants({ ...v, endTime: endOfDay(v.endTime) }, settings.timeZone);
    const common = {
      branchId: editing?.branchId ?? branchId,
      patientId: v.patientId!,
      doctorId: v.doctorId!,
      roomId: v.roomId!,
      start,
      end,
      allDay: v.allDay,
      notes: v.notes?.trim() || null,
    };
    try {
      if (editing) {
        const saved = await flow.save({ ...common, id: editing.id, version: editing.version, scope: v.scope });
        if (!saved) return;
        notify.success(tc('crud.saved'));
      } else if (v.repeat) {
        const saved = await flow.saveSeries({ ...common, status: v.status, recurrence: draftRule(v) });
        if (!saved) return;
        notify.success(t('form.seriesSaved', { count: saved.ids.length }));
      } else {
        const saved = await flow.save({ ...common, status: v.status });
        if (!saved) return;
        notify.success(tc('crud.saved'));
      }
      onClose();
    } catch (error) {
      // field messages land on the fields; everything else is the server's message
      if (error instanceof ApiError && error.status === 400) handleFormError(form, error);
      else flow.report(error);
    }
  };

  const noRooms = settings.rooms.length === 0;
  const doctors = settings.doctors.map((d) => ({ value: d.id, label: d.name }));
  const rooms = roomOptions(settings.rooms);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? t('form.editTitle') : t('form.newTitle')}
      size="large"
      destroyOnHidden
      className="appointment-form-drawer"
      footer={
        noRooms ? null : (
          <Flex justify="end" gap="small">
            <Button onClick={onClose}>{tc('actions.cancel')}</Button>
            <Button type="primary" loading={flow.saving} onClick={submit}>
              {tc('actions.save')}
            </Button>
          </Flex>
        )
      }
    >
      {noRooms ? (
        <Result
          status="info"
          title={fieldErrorText('add_rooms_first')}
          subTitle={t('form.noRoomsHint')}
          extra={
            <Link to="/Rooms">
              <Button type="primary">{t('form.goToRooms')}</Button>
            </Link>
          }
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="appointment"
          onFinish={submit}
          disabled={flow.saving}
          onValuesChange={(changed: Partial<DraftValues>, all: DraftValues) => {
            // a weekly repeat on one day follows the appointment's day
            if (changed.date && (all.weekdays?.length ?? 0) <= 1)
              form.setFieldValue('weekdays', [weekdayOf(changed.date)]);
          }}
        >
          <Form.Item label={t('fields.patient')} required>
            <Flex gap="small" align="start">
              <div style={{ flex: 1, minWidth: 0 }}>
                <Form.Item name="patientId" noStyle rules={[required]}>
                  <PatientPicker key={picked?.id ?? 0} initial={picked} />
                </Form.Item>
              </div>
              {canAddPatient && !editing && (
                <Button icon={<UserAddOutlined />} onClick={() => setQuickAdd(true)}>
                  {t('quickAdd.button')}
                </Button>
              )}
            </Flex>
          </Form.Item>
          <Flex gap="middle" wrap>
            <Form.Item name="doctorId" label={t('fields.doctor')} rules={[required]} style={{ flex: '1 1 200px' }}>
              <Select
                options={doctors}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('form.pickDoctor')}
                disabled={!settings.viewAll}
              />
            </Form.Item>
            <Form.Item name="roomId" label={t('fields.room')} rules={[required]} style={{ flex: '1 1 200px' }}>
              <Select options={rooms} placeholder={t('form.pickRoom')} />
            </Form.Item>
          </Flex>
          <Flex gap="middle" wrap align="end">
            <DayField
              name="date"
              label={t('fields.date')}
              rules={[required]}
              style={{ flex: '1 1 160px' }}
              pickerProps={{ allowClear: false }}
            />
            <Form.Item name="allDay" label={t('fields.allDay')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
          {!allDay && (
            <Flex gap="middle" wrap>
              <Form.Item
                name="startTime"
                label={t('fields.start')}
                rules={[required]}
                style={{ flex: '1 1 140px' }}
                {...timeValue}
              >
                <TimePicker
                  format={timeFormatOf()}
                  use12Hours={!uses24Hours()}
                  minuteStep={5}
                  needConfirm={false}
                  style={{ width: '100%' }}
                  allowClear={false}
                />
              </Form.Item>
              <Form.Item
                name="endTime"
                label={t('fields.end')}
                dependencies={['startTime']}
                rules={[required, afterStart]}
                style={{ flex: '1 1 140px' }}
                {...timeValue}
              >
                <TimePicker
                  format={timeFormatOf()}
                  use12Hours={!uses24Hours()}
                  minuteStep={5}
                  needConfirm={false}
                  style={{ width: '100%' }}
                  allowClear={false}
                />
              </Form.Item>
            </Flex>
          )}
          {!editing && (
            <Form.Item name="status" label={t('fields.status')}>
              <Radio.Group
                optionType="button"
                options={NEW_APPOINTMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item name="notes" label={t('fields.notes')}>
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
          {editing?.seriesId != null && (
            <Form.Item name="scope" label={t('form.scope')}>
              <Radio.Group
                options={[
                  { value: 'one', label: t('form.scopeOne') },
                  { value: 'series', label: t('form.scopeSeries') },
                ]}
              />
            </Form.Item>
          )}
          {!editing && (
            <>
              <Form.Item name="repeat" valuePropName="checked" label={t('recurrence.repeat')}>
                <Switch />
              </Form.Item>
              {repeat && <RecurrenceFields />}
            </>
          )}
          {settings.timeZone !== Intl.DateTimeFormat().resolvedOptions().timeZone && (
            <Alert type="info" showIcon message={t('form.clinicZone', { zone: settings.timeZone })} />
          )}
          <button type="submit" hidden aria-hidden />
        </Form>
      )}
      <QuickAddPatient
        open={quickAdd}
        branchId={editing?.branchId ?? branchId}
        onClose={() => setQuickAdd(false)}
        onAdded={(p) => {
          setPicked(p);
          form.setFieldValue('patientId', p.id);
          void form.validateFields(['patientId']).catch(() => undefined);
          setQuickAdd(false);
        }}
      />
    </Drawer>
  );
}
