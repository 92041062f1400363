import { Icon, IconFrame, type IconName } from '../ui/icon';

export type MenuCode = 'index' | 'drafts' | 'projects' | 'baskets' | 'orders' | 'atWork';
/** The sections under 'Проекты' and 'Заказы'. */
export type MenuSectionCode = 'pcb' | 'stencil' | 'mounting' | 'module' | 'folders' | 'kits' | 'positions' | 'invoices';

/** The shared set has no draft, parcel or clock glyph, nor the sections' ones; they are drawn here on the same 24 px grid. */
const OWN: Partial<Record<MenuCode | MenuSectionCode, readonly string[]>> = {
  drafts: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 17l1-3 5-5 2 2-5 5z'],
  orders: ['M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z', 'M3 7.5 12 12l9-4.5M12 12v9'],
  atWork: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
  stencil: ['M3 5h18v14H3z', 'M7 9h2v2H7zM11 9h2v2h-2zM15 9h2v2h-2zM7 13h10v2H7z'],
  mounting: ['M8 8h8v8H8z', 'M10 4v4M14 4v4M10 16v4M14 16v4M4 10h4M4 14h4M16 10h4M16 14h4'],
  module: ['M3 5h18v14H3z', 'M9 9h6v6H9z', 'M6 8h.01M18 16h.01'],
  folders: ['M3 6h6l2 2h10v11H3z'],
  kits: ['M12 3 3 7.5l9 4.5 9-4.5z', 'M3 12l9 4.5 9-4.5', 'M3 16.5 12 21l9-4.5'],
  positions: ['M9 6h11M9 12h11M9 18h11', 'M4.5 6h.01M4.5 12h.01M4.5 18h.01'],
  invoices: ['M6 3h12v18l-3-2-3 2-3-2-3 2z', 'M10 7h2.5a2 2 0 0 1 0 4H10V7zM10 11v5M9 14h4'],
};

const SHARED: Partial<Record<MenuCode | MenuSectionCode, IconName>> = { index: 'home', projects: 'board', baskets: 'cart', pcb: 'board' };

export function MenuIcon({ code, size = 22 }: { code: MenuCode | MenuSectionCode; size?: number }) {
  const shared = SHARED[code];
  if (shared) return <Icon name={shared} size={size} />;
  return (
    <IconFrame size={size}>
      {(OWN[code] ?? []).map((d) => (
        <path key={d} d={d} />
      ))}
    </IconFrame>
  );
}
