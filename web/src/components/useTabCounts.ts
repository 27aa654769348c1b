import { useState } from 'react';

/**
 * A list split in tabs by state (`tabOf`): the tab chosen (`initial` first), how many each tab
 * holds (for `CountTabs`), and the items of the chosen tab.
 */
export function useTabCounts<T, K extends string>(items: readonly T[], tabs: readonly { value: K }[], tabOf: (item: T) => K, initial: K) {
  const [tab, setTab] = useState<K>(initial);
  const counts = Object.fromEntries(tabs.map((t) => [t.value, 0])) as Record<K, number>;
  for (const item of items) counts[tabOf(item)]++;
  return { tab, setTab, counts, shown: items.filter((item) => tabOf(item) === tab) };
}
