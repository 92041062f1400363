import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../services/format';
import { Icon, type IconName } from './icon';
import './ui.css';

/** Every tab has an id and a name — required by the type, so a tab without them does not compile. */
export interface TabItem<Id extends string = string> {
  id: Id;
  name: string;
  icon?: IconName;
  /** Shown as a count next to the name (0 included); absent: no count. */
  total?: number;
}

interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  /** A value matching no tab selects the first one. */
  value: string | null | undefined;
  onValueChange: (id: Id) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
  /** Optional panels (`<TabPanel value=…>`), rendered below the list so triggers and panels are linked. */
  children?: ReactNode;
}

/** The tab a value selects: its own, else the first. */
export function selectedTab<Id extends string>(tabs: readonly TabItem<Id>[], value: string | null | undefined): Id | undefined {
  return tabs.find((tab) => tab.id === value)?.id ?? tabs[0]?.id;
}

/** Radix Tabs: arrow keys move between tabs, Home/End jump; selection follows focus. */
export function Tabs<Id extends string>({ tabs, value, onValueChange, label, className, children }: TabsProps<Id>) {
  const current = selectedTab(tabs, value);
  const change = (next: string) => {
    const tab = tabs.find((candidate) => candidate.id === next);
    if (tab) onValueChange(tab.id);
  };
  return (
    <RadixTabs.Root value={current ?? ''} onValueChange={change} className={['ui-tabs', className].filter(Boolean).join(' ')}>
      <RadixTabs.List className="ui-tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.id} value={tab.id} className="ui-tabs__tab">
            {tab.icon ? <Icon name={tab.icon} size={18} /> : null}
            <span>{tab.name}</span>
            {tab.total === undefined ? null : <span className="ui-tabs__total">{formatNumber(tab.total)}</span>}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export function TabPanel({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  return (
    <RadixTabs.Content value={value} className={['ui-tabs__panel', className].filter(Boolean).join(' ')}>
      {children}
    </RadixTabs.Content>
  );
}
