import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuLinkItem, MenuSeparator, MenuTrigger } from '../../components/ui/menu';
import { Popover } from '../../components/ui/popover';
import { TabPanel, Tabs, type TabItem } from '../../components/ui/tabs';
import { Tooltip } from '../../components/ui/tooltip';
import { ShowcaseSection } from './section';

type DemoTab = 'new' | 'all' | 'archive';

export function DropdownPart() {
  const t = useT();
  const [picked, setPicked] = useState<string | null>(null);
  const [tab, setTab] = useState<string>('missing');
  const tabs: TabItem<DemoTab>[] = [
    { id: 'new', name: t('ui.showcase.dropdown.tabNew'), icon: 'bell', total: 3 },
    { id: 'all', name: t('ui.showcase.dropdown.tabAll'), total: 250 },
    { id: 'archive', name: t('ui.showcase.dropdown.tabArchive') },
  ];
  return (
    <>
      <ShowcaseSection title={t('ui.showcase.dropdown.menu')}>
        <Menu>
          <MenuTrigger>
            <Button variant="secondary">
              {t('ui.showcase.dropdown.openMenu')}
              <Icon name="chevronRight" size={16} />
            </Button>
          </MenuTrigger>
          <MenuContent align="start">
            <MenuLabel>{t('ui.showcase.dropdown.menuLabel')}</MenuLabel>
            <MenuItem onSelect={() => setPicked(t('ui.showcase.dropdown.itemCopy'))}>
              <Icon name="check" size={18} />
              {t('ui.showcase.dropdown.itemCopy')}
            </MenuItem>
            <MenuItem onSelect={() => setPicked(t('ui.showcase.dropdown.itemStar'))}>
              <Icon name="star" size={18} />
              {t('ui.showcase.dropdown.itemStar')}
            </MenuItem>
            <MenuItem onSelect={() => undefined} disabled>
              {t('ui.showcase.dropdown.itemDisabled')}
            </MenuItem>
            <MenuSeparator />
            <MenuLinkItem to="/v2/ui/icons">
              <Icon name="external" size={18} />
              {t('ui.showcase.dropdown.itemLink')}
            </MenuLinkItem>
            <MenuItem danger onSelect={() => setPicked(t('ui.showcase.dropdown.itemDelete'))}>
              <Icon name="close" size={18} />
              {t('ui.showcase.dropdown.itemDelete')}
            </MenuItem>
          </MenuContent>
        </Menu>
        <p className="showcase__note" aria-live="polite">
          {picked ? t('ui.showcase.dropdown.picked', { item: picked }) : t('ui.showcase.dropdown.nothingPicked')}
        </p>
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.dropdown.popover')}>
        <Popover
          label={t('ui.showcase.dropdown.popoverLabel')}
          width={320}
          trigger={<Button variant="secondary">{t('ui.showcase.dropdown.openPopover')}</Button>}
        >
          <h3 className="showcase__popover-title">{t('ui.showcase.dropdown.popoverLabel')}</h3>
          <p className="showcase__note">{t('ui.showcase.dropdown.popoverText')}</p>
          <Button variant="link">{t('ui.showcase.dropdown.popoverAction')}</Button>
        </Popover>
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.dropdown.tooltip')}>
        <Tooltip content={t('ui.showcase.dropdown.tooltipText')}>
          <button type="button" className="ui-icon-button" aria-label={t('ui.showcase.dropdown.tooltipButton')}>
            <Icon name="knowledge" />
          </button>
        </Tooltip>
        <Tooltip content={t('ui.showcase.dropdown.tooltipText')} side="right">
          <Button variant="secondary">{t('ui.showcase.dropdown.tooltipButton')}</Button>
        </Tooltip>
      </ShowcaseSection>

      <ShowcaseSection title={t('ui.showcase.dropdown.tabs')}>
        <div className="showcase__wide">
          <p className="showcase__note">{t('ui.showcase.dropdown.tabsNote')}</p>
          <Tabs tabs={tabs} value={tab} onValueChange={setTab} label={t('ui.showcase.dropdown.tabs')}>
            {tabs.map((item) => (
              <TabPanel key={item.id} value={item.id}>
                <p className="showcase__note">{t('ui.showcase.dropdown.tabPanel', { name: item.name })}</p>
              </TabPanel>
            ))}
          </Tabs>
        </div>
      </ShowcaseSection>
    </>
  );
}
