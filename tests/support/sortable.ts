import type { Locator, Page } from 'playwright-core';
import { fill, type Texts, until } from './e2e';

/**
 * Moves an item of a `SortableList` (dnd-kit) with the keyboard, as a keyboard user does: focus its handle, Space
 * to pick it up, an arrow per step, Space to drop it. Each step waits for what a screen reader hears (the live
 * region's announcement, in the page's language) before the next key. An arrow pressed while the list still
 * measures itself after the pick-up moves nothing: it is pressed again, as anyone would.
 *
 * `name` is the item's name as its handle reads it; `to` the 1-based position (among `total`) and the container
 * (category) the announcement names once the item is there; `within` the dialog or part of the page whose list it
 * is. A list opened over another (an editor in a modal) has the live region mounted last: that one is listened to.
 */
export async function keyboardMove(
  page: Page,
  t: Texts,
  item: {
    name: string;
    to: number;
    total: number;
    container: string;
    key?: 'ArrowDown' | 'ArrowUp';
    within?: Locator;
  },
) {
  const handle = (item.within ?? page).getByRole('button', {
    name: fill(t.sorting.handle, { name: item.name }),
  });
  const liveRegion = page.locator('[id^="DndLiveRegion"]').last();
  await handle.focus();
  await page.keyboard.press('Space');
  await until(() => handle.getAttribute('aria-pressed')).toBe('true');
  const moved = fill(t.sorting.announcements.moved, {
    name: item.name,
    position: item.to,
    total: item.total,
    container: item.container,
  });
  const key = item.key ?? 'ArrowDown';
  // One press per step; a press that moved nothing (no new announcement within 3 s) is tried again, a few times.
  for (let press = 0; press < item.total + 2 && (await liveRegion.textContent()) !== moved; press++) {
    const before = await liveRegion.textContent();
    await page.keyboard.press(key);
    await page
      .waitForFunction(
        ([target, previous]) => {
          const regions = document.querySelectorAll('[id^="DndLiveRegion"]');
          const text = regions[regions.length - 1]?.textContent;
          return text === target || text !== previous;
        },
        [moved, before] as const,
        { timeout: 3000 },
      )
      .catch(() => undefined);
  }
  await until(() => liveRegion.textContent()).toBe(moved);
  await page.keyboard.press('Space');
}
