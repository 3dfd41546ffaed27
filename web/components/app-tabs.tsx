import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AppTab<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
  content: ReactNode;
}

/**
 * P6 tabs: the clicked tab becomes active (arrow keys move between tabs). The page keeps the active tab where it
 * wants it (usually the URL's `tab`, so a tab can be bookmarked); only the active panel is mounted.
 */
export function AppTabs<V extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: AppTab<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as V)} keepMounted={false}>
      <Tabs.List aria-label={label} mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
