import { type EventDisplayInfo, type PluginInput, joinClassNames } from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';

/**
 * FullCalendar's classic theme with lighter appointment boxes: the classic theme puts about twenty atomic classes,
 * a ring shadow and a flex box on every block event; a busy week draws hundreds of them (bench/calendar-render.ts).
 * Here a block event is a few classes of our own (scheduler.css: .calendar-event...), the same look; every other
 * part of the calendar keeps the classic theme. `fc-classic-bCs` stays on the event: the classic theme shows the
 * resize handle while the pointer is over an element with that class.
 */
export const calendarTheme: PluginInput = {
  ...classicTheme,
  name: 'theme-dentix',
  optionDefaults: {
    ...classicTheme.optionDefaults,
    blockEventClass: (info: EventDisplayInfo) =>
      joinClassNames('fc-classic-bCs calendar-event', info.isDragging && !info.isSelected && 'is-dragging'),
    blockEventInnerClass: 'calendar-event-inner',
    columnEventClass: (info: EventDisplayInfo) =>
      joinClassNames('calendar-column-event', info.isStart && 'is-start', info.isEnd && 'is-end'),
    columnEventInnerClass: (info: EventDisplayInfo) =>
      info.isShort ? 'calendar-column-inner is-short' : 'calendar-column-inner',
  },
};
