import { Icon, type IconName } from '../ui/icon';

export type MenuCode = 'index' | 'drafts' | 'projects' | 'baskets' | 'orders' | 'atWork';

/** The shared set has no draft, parcel or clock glyph; these three are drawn here on the same 24 px grid. */
const OWN: Partial<Record<MenuCode, readonly string[]>> = {
  drafts: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 17l1-3 5-5 2 2-5 5z'],
  orders: ['M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z', 'M3 7.5 12 12l9-4.5M12 12v9'],
  atWork: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
};

const SHARED: Partial<Record<MenuCode, IconName>> = { index: 'home', projects: 'board', baskets: 'cart' };

export function MenuIcon({ code }: { code: MenuCode }) {
  const shared = SHARED[code];
  if (shared) return <Icon name={shared} size={22} />;
  return (
    <svg className="ui-icon" width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {(OWN[code] ?? []).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
