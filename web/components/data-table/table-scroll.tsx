import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';

/** Which sides of a box that scrolls sideways hide columns: before its start, past its end. */
export interface HiddenSides {
  start: boolean;
  end: boolean;
}

/** The sides of `box` whose content is out of sight (a pixel of rounding allowed). */
export function hiddenSides(
  box: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>,
): HiddenSides {
  const past = Math.abs(box.scrollLeft);
  return { start: past > 1, end: past < box.scrollWidth - box.clientWidth - 1 };
}

/**
 * Follows what a box that scrolls sideways hides: on a scroll, and when the box or its content changes size (a
 * narrower window, rows loaded).
 */
function useHiddenSides() {
  const ref = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState<HiddenSides>({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const next = hiddenSides(box);
      setSides((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  return { ref, sides };
}

/**
 * The box of a table wider than the screen (issue 18): the table scrolls sideways inside it, never the page. While
 * columns are out of sight, a shade on that side says so, the box is a region named after the table (« Activités,
 * défilement horizontal ») that the keyboard reaches and scrolls with the arrow keys, and the cells marked
 * `stickyCell` (the table's first column) stay in view.
 */
export function TableScroll({
  label,
  overlay,
  children,
}: {
  label: string;
  /** Shown over the frame, not scrolled with the table (the loading overlay). */
  overlay?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { ref, sides } = useHiddenSides();
  const overflows = sides.start || sides.end;
  return (
    <Box
      className={classes.frame}
      data-hidden-start={sides.start || undefined}
      data-hidden-end={sides.end || undefined}
    >
      {overlay}
      <div
        ref={ref}
        className={classes.scroll}
        data-testid="table-scroll"
        {...(overflows
          ? { role: 'region', 'aria-label': t('table.scrollRegion', { label }), tabIndex: 0 }
          : {})}
      >
        {children}
      </div>
    </Box>
  );
}
