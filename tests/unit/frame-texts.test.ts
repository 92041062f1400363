import { describe, expect, it } from 'vitest';
import { applyLocale, loadFrameTexts, loadPortalTexts, t } from '../../src/services/i18n';

describe('the signed-in frame\'s texts', () => {
  it('come without the rest of the portal\'s, which join them later in the same sections, in every language', async () => {
    await loadFrameTexts();
    expect(t('menu.projects')).toBe('Проекты');
    expect(t('orders.item.number', { number: 7 })).toBe('Заказ 7');
    expect(t('orders.list.label')).toBe('orders.list.label');
    expect(t('wizard.newProject')).toBe('wizard.newProject');
    await loadPortalTexts();
    expect(t('orders.list.label')).not.toBe('orders.list.label');
    expect(t('orders.item.number', { number: 7 })).toBe('Заказ 7');
    expect(t('wizard.newProject')).not.toBe('wizard.newProject');
    applyLocale('en');
    await expect.poll(() => t('menu.projects')).toBe('Projects');
    expect(t('orders.item.number', { number: 7 })).toBe('Order 7');
    expect(t('orders.list.label')).toBe('Orders');
    applyLocale('ru');
  });
});
