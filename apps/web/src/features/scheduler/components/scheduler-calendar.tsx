import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../scheduler.css';
import {
  type AppointmentItem,
  type CalendarSettings,
  CALENDAR_SLOT_MINUTES,
  isRtl,
  type Language,
  type VacationItem,
} from '@dental/contract';
import FullCalendar, {
  type DateSelectInfo,
  type DatesSetInfo,
  type EventChangeInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventInput,
  useCalendarController,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Alert, Card } from 'antd';
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyWhenOnline, preloadWithShell } from '../../../app/offline-ready';
import { useStableCallback, useStableValue } from '../../../lib/stable-identity';
import { readStored, writeStored } from '../../../lib/storage';
import { useCan } from '../../../lib/permissions';
import { useTheme } from '../../../lib/theme';
import { notify } from '../../../lib/toast';
import { useCalendarVacations } from '../api';
import { calendarLocale } from '../calendar-locale';
import { calendarTheme } from '../calendar-theme';
import { useCalendarItems } from '../use-calendar-items';
import { useFocusableScrollers } from '../focusable-scrollers';
import { type AppointmentDraft, editDraft, newAppointmentRequest, newDraft, slotDraft } from '../appointment-draft';
import {
  CALENDAR_VIEWS,
  type CalendarView,
  type ColorBy,
  appointmentEvent,
  appointmentDetails,
  appointmentStartText,
  appointmentTimeText,
  businessHoursFor,
  CALENDAR_TIME_ZONE,
  calendarDay,
  calendarInstant,
  calendarWall,
  textDirection,
  isCalendarView,
  vacationEvents,
  vacationRange,
  workWeekHiddenDays,
} from '../calendar-model';
import {
  addDays,
  clinicDateOf,
  clinicDayStart,
  clinicToday,
  formatWallTime,
  toClinicWall,
} from '../../../lib/clinic-time';
import { useSaveFlow } from '../use-save-flow';
import { CalendarFilters, type Filters } from './calendar-filters';
import { CalendarToolbar } from './calendar-toolbar';

// the drawers open on a click: out of the calendar's first load (issue 18: the form's patient picker, quick-add
// patient with libphonenumber, time pickers), fetched after the page has shown so they open offline too
const loadForm = preloadWithShell(() => import('./appointment-form'));
const AppointmentForm = lazyWhenOnline(() => loadForm().then((m) => ({ default: m.AppointmentForm })));
const loadDetails = preloadWithShell(() => import('./appointment-details'));
const AppointmentDetails = lazyWhenOnline(() => loadDetails().then((m) => ({ default: m.AppointmentDetails })));

const PLUGINS = [calendarTheme, dayGridPlugin, timeGridPlugin, listPlugin, multiMonthPlugin, interactionPlugin];
const PREFS_KEY = 'dentix.scheduler';
const SLOT = `00:${String(CALENDAR_SLOT_MINUTES).padStart(2, '0')}:00`;
const TIME_GRID_VIEWS: readonly CalendarView[] = ['day', 'week', 'workWeek'];
const NO_VACATIONS: readonly VacationItem[] = [];
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface Prefs {
  view: CalendarView;
  colorBy: ColorBy;
}
/** A phone opens on the day (a week of seven columns cuts names to a few letters); a wider screen on the week. */
const defaultView = (): CalendarView =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 575px)').matches ? 'day' : 'week';

function loadPrefs(): Prefs {
  const p = readStored<Partial<Prefs>>(PREFS_KEY);
  return {
    view: isCalendarView(p?.view) ? p.view : defaultView(),
    colorBy: p?.colorBy === 'status' ? 'status' : 'room',
  };
}

/** The time grids fill the window below the toolbar and scroll inside (at least 520 px). */
function useTimeGridHeight() {
  const measure = () => Math.max(520, (typeof window === 'undefined' ? 900 : window.innerHeight) - 250);
  const [height, setHeight] = useState(measure);
  useEffect(() => {
    const onResize = () => setHeight(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

interface SchedulerCalendarProps {
  settings: CalendarSettings;
  filters: Filters;
  onFilters: (f: Filters) => void;
  branches: Array<{ branchId: number; name: string }>;
}

/**
 * The calendar (FullCalendar 7) in the clinic's time zone: the branch's appointments for the visible period,
 * the doctors' working hours shaded, vacations as background, drag and resize where the clinic allows them.
 */
export default function SchedulerCalendar({ settings, filters, onFilters, branches }: SchedulerCalendarProps) {
  const { t, i18n } = useTranslation('scheduler');
  const lang = (i18n.language as Language) ?? 'ar';
  const rtl = isRtl(lang);
  const theme = useTheme();
  const controller = useCalendarController();
  const [prefs, setPrefs] = useState(loadPrefs);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [draft, setDraft] = useState<AppointmentDraft | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const canAdd = useCan('scheduler_add_appointment');
  const canUpdate = useCan('scheduler_update_appointment');
  const flow = useSaveFlow(settings.allowOverlapping);
  const tz = settings.timeZone;

  const updatePrefs = (patch: Partial<Prefs>) =>
    setPrefs((p) => {
      const next = { ...p, ...patch };
      writeStored(PREFS_KEY, next);
      return next;
    });

  const { items, current: appointments } = useCalendarItems(range, {
    branchId: filters.branchId,
    doctorId: filters.doctorId ?? undefined,
    roomId: filters.roomId ?? undefined,
  });
  const vacations = useCalendarVacations(
    range ? { ...vacationRange(range.from, range.to, tz), userId: filters.doctorId ?? undefined, pageSize: 200 } : null,
  );
  // another range's vacations, when they are the same, keep the events as they are (FullCalendar draws them again)
  const vacationItems = useStableValue(vacations.data?.items ?? NO_VACATIONS, sameJson);
  const detailsItem = detailsId == null ? null : (items.find((a) => a.id === detailsId) ?? null);
  // mounted from the first opening on, so that the drawer's closing animation still plays
  const [detailsShown, setDetailsShown] = useState(false);
  if (detailsItem && !detailsShown) setDetailsShown(true);

  const events = useMemo<EventInput[]>(() => {
    const options = {
      colorBy: prefs.colorBy,
      timeZone: tz,
      draggable: settings.allowDragAndDrop && canUpdate,
      resizable: settings.allowResizing && canUpdate,
    };
    return [...items.map((a) => appointmentEvent(a, options)), ...vacationEvents(vacationItems, filters.doctorId)];
  }, [
    items,
    vacationItems,
    prefs.colorBy,
    tz,
    settings.allowDragAndDrop,
    settings.allowResizing,
    canUpdate,
    filters.doctorId,
  ]);

  const gridHeight = useTimeGridHeight();
  const hiddenDays = useMemo(() => workWeekHiddenDays(settings.doctors), [settings.doctors]);
  const businessHours = useMemo(
    () => businessHoursFor(settings.doctors, filters.doctorId),
    [settings.doctors, filters.doctorId],
  );
  const views = useMemo(
    () => ({
      timeGridWorkWeek: { type: 'timeGrid', duration: { weeks: 1 }, hiddenDays },
    }),
    [hiddenDays],
  );

  const calendarNow = useCallback(() => calendarWall(Date.now(), tz), [tz]);
  const shownDate = controller.getDate() ? calendarDay(controller.getDate()!) : clinicToday(tz);
  const preset = { doctorId: filters.doctorId, roomId: filters.roomId };

  const onSelect = useStableCallback((info: DateSelectInfo) => {
    info.view.calendar.unselect();
    setDraft(slotDraft(info.start, info.end, info.allDay, CALENDAR_TIME_ZONE, preset)); // wall dates
  });

  const onNew = useStableCallback(() => {
    const today = clinicToday(tz);
    const inView = range && today >= clinicDateOf(range.from, tz) && today < clinicDateOf(range.to, tz);
    setDraft(newDraft(inView ? today : shownDate, inView ? toClinicWall(Date.now(), tz) : null, preset));
  });

  // Another page asked for a new appointment (router state): open the form once, filled in, from today.
  const location = useLocation();
  const navigate = useNavigate();
  const requested = newAppointmentRequest(location.state);
  useEffect(() => {
    if (!requested || !canAdd) return;
    const today = clinicToday(tz);
    setDraft({
      ...newDraft(today, toClinicWall(Date.now(), tz), { ...preset, doctorId: requested.doctorId ?? preset.doctorId }),
      patient: requested.patient,
    });
    void navigate('.', { replace: true, state: null });
  }, [requested?.patient.id]);

  // A link to one appointment (a notification's /?date=YYYY-MM-DD&appointment=ID): that day is shown and the
  // appointment's details open once its range has loaded; the address is then cleaned.
  const [searchParams, setSearchParams] = useSearchParams();
  useEffect(() => {
    const date = searchParams.get('date');
    const appointmentId = Number(searchParams.get('appointment'));
    if (!date && !appointmentId) return;
    if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) controller.gotoDate(date);
    if (Number.isSafeInteger(appointmentId) && appointmentId > 0) setDetailsId(appointmentId);
    setSearchParams({}, { replace: true });
  }, [searchParams]);

  /** Drag or resize: the new times with the version read, one occurrence; a refusal puts the event back. */
  const onMoved = useStableCallback(async (info: EventChangeInfo) => {
    const a = info.event.extendedProps.appointment as AppointmentItem | undefined;
    const start = info.event.start;
    if (!a || !start || a.doctorId == null || a.roomId == null) return info.revert();
    const allDay = info.event.allDay;
    let startIso: string;
    let endIso: string;
    if (allDay) {
      const day = calendarDay(start);
      startIso = clinicDayStart(day, tz);
      endIso = clinicDayStart(addDays(day, 1), tz);
    } else {
      startIso = calendarInstant(start, tz);
      const end = info.event.end ?? new Date(start.getTime() + CALENDAR_SLOT_MINUTES * 60_000);
      endIso = calendarInstant(end, tz);
    }
    try {
      const saved = await flow.save({
        id: a.id,
        version: a.version,
        scope: 'one',
        branchId: a.branchId,
        patientId: a.patientId,
        doctorId: a.doctorId,
        roomId: a.roomId,
        start: startIso,
        end: endIso,
        allDay,
        notes: a.notes,
      });
      if (!saved) return info.revert();
      notify.success(t('moved'));
    } catch (error) {
      info.revert();
      flow.report(error);
    }
  });

  // the time axis as the app writes times; a function, because for an object format FullCalendar builds an Intl
  // formatter for every label on every render. A new function when the language changes redraws the labels.
  const slotHeaderFormat = useCallback(
    (arg: { date: { hour: number; minute: number } }) => formatWallTime(`${arg.date.hour}:${arg.date.minute}`),
    [lang],
  );

  const renderEvent = useCallback(
    (arg: EventDisplayInfo) => {
      const a = arg.event.extendedProps.appointment as AppointmentItem | undefined;
      if (!a) return arg.event.title;
      const timeText = a.allDay ? '' : appointmentTimeText(a, tz, lang);
      const list = arg.view.type.startsWith('list');
      if (list || a.allDay || !arg.view.type.startsWith('timeGrid')) {
        // one line (month, year, lists, the all-day row): each part isolated, few events at a time
        const where = appointmentDetails(a, '');
        return (
          <div
            className="appointment-row"
            data-appointment-id={a.id}
            title={`${a.patientName}\n${appointmentDetails(a, timeText)}`}
          >
            {list && <span className="list-time">{timeText || t('allDay')}</span>}
            {/* the start time first and never cut (a range lost its end and ص/م in a month's narrow cells) */}
            {!list && timeText && <bdi className="appointment-time">{appointmentStartText(a, tz, lang)}</bdi>}
            <bdi className="appointment-patient">{a.patientName}</bdi>
            {where && <bdi className="appointment-where">{where}</bdi>}
          </div>
        );
      }
      // the time grids: the name, then plain text lines, straight in FullCalendar's inner element
      // (.calendar-column-inner, calendar-theme.ts): a busy week draws hundreds of these (bench/calendar-render.ts)
      const details = appointmentDetails(a, timeText);
      return (
        <>
          <b
            className="appointment-patient"
            dir={textDirection(a.patientName, rtl ? 'rtl' : 'ltr')}
            data-appointment-id={a.id}
            title={`${a.patientName}\n${details}`}
          >
            {a.patientName}
          </b>
          {!arg.isShort && details}
        </>
      );
    },
    [tz, lang, t, rtl],
  );

  const calendarRoot = useRef<HTMLDivElement>(null);
  useFocusableScrollers(calendarRoot);

  const onEventClick = useCallback((info: EventClickInfo) => {
    const a = info.event.extendedProps.appointment as AppointmentItem | undefined;
    if (a) setDetailsId(a.id);
  }, []);

  const onDatesSet = useCallback(
    (info: DatesSetInfo) => {
      const next = { from: calendarInstant(info.start, tz), to: calendarInstant(info.end, tz) };
      setRange((r) => (r && r.from === next.from && r.to === next.to ? r : next));
    },
    [tz],
  );

  // an appointment lasts at most one day: a selection stays within one clinic day
  const selectAllow = useCallback(
    (span: { allDay: boolean; start: Date; end: Date }) =>
      span.allDay || calendarDay(span.start) === calendarDay(span.end.getTime() - 1),
    [],
  );

  // the same element while none of its props change: the page's own re-renders (toolbar, filters, fetching) then
  // leave FullCalendar alone instead of making it compare every option and part again
  const locale = useMemo(() => calendarLocale(lang, t), [lang, t]);
  const calendar = useMemo(
    () => (
      <FullCalendar
        controller={controller}
        plugins={PLUGINS}
        headerToolbar={false}
        initialView={CALENDAR_VIEWS[prefs.view]}
        views={views}
        timeZone={CALENDAR_TIME_ZONE} // the clinic's wall clock (calendar-model.ts)
        now={calendarNow}
        locale={locale}
        direction={rtl ? 'rtl' : 'ltr'}
        colorScheme={theme}
        firstDay={6} // the clinic week starts on Saturday in every language (Arabic calendars do)
        // the time grids scroll inside the page (the working day first); the other views take their own height
        height={TIME_GRID_VIEWS.includes(prefs.view) ? gridHeight : 'auto'}
        slotDuration={SLOT}
        slotMinHeight={28}
        eventShortHeight={40}
        snapDuration={SLOT}
        slotHeaderFormat={slotHeaderFormat}
        displayEventTime={false} // the event shows its own time text (appointmentTimeText)
        scrollTime="08:00:00"
        scrollTimeReset={false} // another week opens at the hour the user was looking at
        nowIndicator
        businessHours={businessHours}
        dayMaxEvents
        slotEventOverlap={false} // overlapping appointments side by side: a card never covers another one's text
        selectable={canAdd}
        selectMirror
        selectAllow={selectAllow}
        select={onSelect}
        editable={canUpdate && (settings.allowDragAndDrop || settings.allowResizing)}
        eventDrop={onMoved}
        eventResize={onMoved}
        eventClick={onEventClick}
        eventContent={renderEvent}
        datesSet={onDatesSet}
        events={events}
      />
    ),
    [
      controller,
      views,
      locale,
      rtl,
      theme,
      prefs.view,
      gridHeight,
      slotHeaderFormat,
      businessHours,
      t,
      canAdd,
      selectAllow,
      onSelect,
      canUpdate,
      settings.allowDragAndDrop,
      settings.allowResizing,
      onMoved,
      onEventClick,
      renderEvent,
      onDatesSet,
      events,
      calendarNow,
    ],
  );

  // the toolbar follows a moment later: the week is drawn first (bench/calendar-render.ts), then the title and date
  const toolbarTitle = useDeferredValue(controller.view?.title ?? '');
  const toolbarDate = useDeferredValue(shownDate);
  const onToday = useStableCallback(() => controller.today());
  const onPrev = useStableCallback(() => controller.prev());
  const onNext = useStableCallback(() => controller.next());
  const onDate = useStableCallback((date: string) => controller.gotoDate(date));
  const onView = useStableCallback((view: CalendarView) => {
    updatePrefs({ view });
    controller.changeView(CALENDAR_VIEWS[view]);
  });
  const onColorBy = useStableCallback((colorBy: ColorBy) => updatePrefs({ colorBy }));

  const empty = !!appointments.data && appointments.data.items.length === 0 && !appointments.isFetching;

  return (
    <Card className="scheduler-card" styles={{ body: { padding: 16 } }}>
      <CalendarToolbar
        title={toolbarTitle}
        view={prefs.view}
        date={toolbarDate}
        rtl={rtl}
        loading={appointments.isFetching}
        onToday={onToday}
        onPrev={onPrev}
        onNext={onNext}
        onView={onView}
        onDate={onDate}
        onNew={canAdd ? onNew : undefined}
      />
      <CalendarFilters
        filters={filters}
        onChange={onFilters}
        branches={branches}
        settings={settings}
        colorBy={prefs.colorBy}
        onColorBy={onColorBy}
      />
      {empty && <Alert className="calendar-empty" type="info" showIcon message={t('empty')} />}
      {appointments.isError && <Alert type="warning" showIcon message={appointments.error.message} />}
      <div ref={calendarRoot} className="scheduler-calendar" data-color-scheme={theme} data-view={prefs.view}>
        {calendar}
      </div>
      {draft && (
        <Suspense fallback={null}>
          <AppointmentForm
            draft={draft}
            settings={settings}
            branchId={filters.branchId}
            onClose={() => setDraft(null)}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {detailsShown && (
          <AppointmentDetails
            appointment={detailsItem}
            timeZone={tz}
            onClose={() => setDetailsId(null)}
            onEdit={(a) => {
              setDetailsId(null);
              setDraft(editDraft(a, tz));
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
