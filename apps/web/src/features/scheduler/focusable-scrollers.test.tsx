import fcStyles from '@fullcalendar/react/protected-styles';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusableScrollers } from './focusable-scrollers';

/** jsdom has no layout: each scroller states its sizes in data attributes, read through the DOM's getters. */
function sized(el: HTMLElement | null) {
  if (!el) return;
  for (const key of ['scrollHeight', 'clientHeight'] as const)
    Object.defineProperty(el, key, { configurable: true, get: () => Number(el.dataset[key.toLowerCase()] ?? 0) });
}

function Calendar({ overflowing, link = false }: { overflowing: boolean; link?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  useFocusableScrollers(root);
  return (
    <div ref={root}>
      <div
        ref={sized}
        data-testid="scroller"
        className={fcStyles.internalScroller}
        style={{ overflowY: 'auto' }}
        data-scrollheight={overflowing ? 900 : 300}
        data-clientheight={300}
      >
        <span>{overflowing ? 'many items' : 'few items'}</span>
        {link && <a href="#more">more</a>}
      </div>
    </div>
  );
}

afterEach(cleanup);

describe('useFocusableScrollers (issue 18: axe flagged a FullCalendar scroller with nothing focusable in it)', () => {
  it('adds no tab stop to a scroller whose content the keyboard already reaches', async () => {
    const { getByTestId } = render(<Calendar overflowing link />);
    await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
    expect(getByTestId('scroller').hasAttribute('tabindex')).toBe(false);
  });

  it('lets the keyboard reach a scroller that scrolls, and only while it does', async () => {
    const { getByTestId, rerender } = render(<Calendar overflowing />);
    await waitFor(() => expect(getByTestId('scroller').getAttribute('tabindex')).toBe('0'));
    rerender(<Calendar overflowing={false} />);
    await waitFor(() => expect(getByTestId('scroller').hasAttribute('tabindex')).toBe(false));
  });
});
