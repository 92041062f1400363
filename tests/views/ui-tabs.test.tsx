// @vitest-environment jsdom
import './dom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectedTab, TabPanel, Tabs, type TabItem } from '../../src/views/components/ui/tabs';

afterEach(cleanup);

type Id = 'new' | 'all';
const tabs: TabItem<Id>[] = [
  { id: 'new', name: 'Новые', icon: 'bell', total: 3 },
  { id: 'all', name: 'Все', total: 0 },
];

function Harness({ initial, onChange }: { initial: string | null; onChange?: (id: Id) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Tabs
      tabs={tabs}
      value={value}
      label="Уведомления"
      onValueChange={(id) => {
        onChange?.(id);
        setValue(id);
      }}
    >
      <TabPanel value="new">Непрочитанные</TabPanel>
      <TabPanel value="all">Все уведомления</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('selects the first tab when the value matches none', () => {
    render(<Harness initial="archive" />);
    expect(screen.getByRole('tablist', { name: 'Уведомления' })).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Новые');
    expect(screen.getByRole('tabpanel').textContent).toBe('Непрочитанные');
    expect(selectedTab(tabs, null)).toBe('new');
    expect(selectedTab(tabs, 'all')).toBe('all');
    expect(selectedTab([], 'all')).toBeUndefined();
  });

  it('selects the tab its value names and shows each total as a count, 0 included', () => {
    render(<Harness initial="all" />);
    const [newTab, allTab] = screen.getAllByRole('tab');
    expect(allTab?.getAttribute('aria-selected')).toBe('true');
    expect(newTab?.querySelector('.ui-tabs__total')?.textContent).toBe('3');
    expect(allTab?.querySelector('.ui-tabs__total')?.textContent).toBe('0');
    expect(screen.getByRole('tabpanel').textContent).toBe('Все уведомления');
  });

  it('moves with the arrow keys and reports the tab id', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="new" onChange={onChange} />);
    screen.getByRole('tab', { selected: true }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('all');
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Все');
    await user.click(screen.getAllByRole('tab')[0] as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith('new');
  });

  it('requires id and name on each tab at the type level', () => {
    // @ts-expect-error -- a tab without a name must not compile
    const withoutName: TabItem = { id: 'x' };
    // @ts-expect-error -- a tab without an id must not compile
    const withoutId: TabItem = { name: 'X' };
    expect([withoutName, withoutId]).toHaveLength(2);
  });
});
