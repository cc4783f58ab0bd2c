import fcStyles from '@fullcalendar/react/protected-styles';
import { type RefObject, useEffect } from 'react';

/** FullCalendar's own scroll areas (the time grid's body, the all-day row, a month's weeks). */
const SCROLLER = `.${fcStyles.internalScroller}`;

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

const scrolls = (el: HTMLElement) => {
  const style = getComputedStyle(el);
  const y = /auto|scroll/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
  const x = /auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
  return x || y;
};

/**
 * A FullCalendar scroll area that has something to scroll and nothing in it the keyboard can reach (appointments and
 * "+n more" links can) takes focus itself (tabindex 0) so the keyboard can scroll it (WCAG 2.1.1; axe
 * "scrollable-region-focusable"); the others get no extra tab stop. A FullCalendar scroller (`.fc-6w`) was flagged
 * in CI once earlier journeys had added their data (issue 18). Checked again whenever the calendar's content or size
 * changes.
 */
export function useFocusableScrollers(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      for (const scroller of el.querySelectorAll<HTMLElement>(SCROLLER)) {
        if (scrolls(scroller) && !scroller.querySelector(FOCUSABLE)) {
          if (scroller.tabIndex !== 0) scroller.tabIndex = 0;
        } else if (scroller.hasAttribute('tabindex')) scroller.removeAttribute('tabindex');
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    schedule();
    // content changes only (childList, text): the tabindex written above is an attribute and does not loop back
    const mutations = new MutationObserver(schedule);
    mutations.observe(el, { childList: true, subtree: true, characterData: true });
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    sizes?.observe(el);
    return () => {
      mutations.disconnect();
      sizes?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [root]);
}
