import { Tabs, type TabsProps } from '@mui/material';
import { useEffect, useRef } from 'react';

/**
 * MUI's scrollable tabs, the selected one always wholly in view. MUI scrolls it into view on its
 * first render, before its scroll buttons appear (on a phone, once it observed that the tabs do not
 * fit): MUI then scrolls again, at once, but an animated scroll it began before may still be under
 * way and take the bar back where it aimed, the button over part of the selected tab («Pa» of
 * «Pagamenti»). So whenever the bar or its tabs change size (the buttons shown, the window turned,
 * the fonts loaded), the bar is scrolled just enough to show the selected tab, and again once such
 * an animation is over; a tab chosen later is scrolled into view by MUI itself.
 */
/** How long MUI animates the bar's scroll (theme.transitions.duration.standard). */
const muiScrollMs = 300;

export function ScrollingTabs(props: Omit<TabsProps, 'variant' | 'scrollButtons' | 'allowScrollButtonsMobile'>) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = root.current?.querySelector<HTMLElement>('.MuiTabs-scroller');
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const reveal = () => {
      const tab = scroller.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!tab) return;
      const bar = scroller.getBoundingClientRect();
      const selected = tab.getBoundingClientRect();
      if (selected.right > bar.right) scroller.scrollLeft += Math.ceil(selected.right - bar.right);
      else if (selected.left < bar.left) scroller.scrollLeft -= Math.ceil(bar.left - selected.left);
    };
    // MUI's own scroll, animated when it began before the change of size, may still be under way
    // and end where it aimed before: looked at again once it is over.
    let again: ReturnType<typeof setTimeout> | undefined;
    const sizes = new ResizeObserver(() => {
      reveal();
      clearTimeout(again);
      again = setTimeout(reveal, muiScrollMs + 50);
    });
    sizes.observe(scroller);
    if (scroller.firstElementChild) sizes.observe(scroller.firstElementChild);
    return () => {
      sizes.disconnect();
      clearTimeout(again);
    };
  }, []);
  return <Tabs ref={root} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile {...props} />;
}
