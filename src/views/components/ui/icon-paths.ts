/**
 * One consistent set: a 24 px grid, 2 px strokes, round joins, drawn in currentColor so every theme colours them.
 * Each entry is the inner SVG markup as path data; `fill` marks the few shapes that are solid.
 */
export interface IconShape {
  d: string;
  fill?: boolean;
}

export const iconPaths = {
  bell: [{ d: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4z' }, { d: 'M10 20a2 2 0 0 0 4 0' }],
  cart: [{ d: 'M3 4h2.5l2.2 10.5h10.6L20.5 7H6.6' }, { d: 'M9 19.5h.01M17 19.5h.01' }],
  support: [{ d: 'M4 14v-2a8 8 0 0 1 16 0v2' }, { d: 'M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1z' }, { d: 'M17 19c0 1.5-2 2-5 2' }],
  chat: [{ d: 'M4 5h16v11H9l-5 4z' }, { d: 'M8 9.5h8M8 12.5h5' }],
  knowledge: [{ d: 'M4 5c3-1 6-1 8 1v14c-2-2-5-2-8-1z' }, { d: 'M20 5c-3-1-6-1-8 1v14c2-2 5-2 8-1z' }],
  group: [
    { d: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z' },
    { d: 'M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6' },
    { d: 'M16 5.2a3 3 0 0 1 0 5.6M18 14.5c1.8.8 3 2.8 3 5.5' },
  ],
  user: [{ d: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z' }, { d: 'M4 21c0-4 3.6-7 8-7s8 3 8 7' }],
  client: [{ d: 'M4 21V7l8-4 8 4v14' }, { d: 'M9 21v-5h6v5M8 10h2M14 10h2' }],
  delivery: [{ d: 'M2 6h12v10H2zM14 9h4l3 3.5V16h-7' }, { d: 'M6 18.5a1.5 1.5 0 1 0 0-.01M17 18.5a1.5 1.5 0 1 0 0-.01' }],
  contact: [{ d: 'M5 3h14v18H5z' }, { d: 'M12 11a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM8 17c0-2.2 1.8-3.5 4-3.5s4 1.3 4 3.5' }],
  payer: [{ d: 'M3 7h18v13H3z' }, { d: 'M8 7V4h8v3M3 12h18M11 12v2h2v-2' }],
  board: [{ d: 'M4 4h16v16H4z' }, { d: 'M8 8h3v3H8zM14 14h2v2h-2zM11 9.5h3.5V14' }, { d: 'M4 9H2M4 15H2M22 9h-2M22 15h-2' }],
  quickOrder: [{ d: 'M13 2 5 13.5h6L10 22l8-11.5h-6z' }],
  check: [{ d: 'M5 12.5 10 17.5 19.5 7' }],
  close: [{ d: 'M6 6l12 12M18 6 6 18' }],
  plus: [{ d: 'M12 5v14M5 12h14' }],
  star: [{ d: 'M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z' }],
  menu: [{ d: 'M4 6h16M4 12h16M4 18h16' }],
  chevronLeft: [{ d: 'M15 5l-7 7 7 7' }],
  chevronRight: [{ d: 'M9 5l7 7-7 7' }],
  sun: [
    { d: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z' },
    { d: 'M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4' },
  ],
  moon: [{ d: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z' }],
  palette: [
    { d: 'M12 3a9 9 0 0 0 0 18c1.4 0 2-1 1.5-2.2-.6-1.3.2-2.8 1.7-2.8H18a3 3 0 0 0 3-3c0-5.5-4-10-9-10z' },
    { d: 'M7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01' },
  ],
  phone: [{ d: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z' }],
  external: [{ d: 'M14 4h6v6M20 4l-9 9' }, { d: 'M18 14v6H4V6h6' }],
  info: [{ d: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z' }, { d: 'M12 11v5M12 8h.01' }],
  success: [{ d: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z' }, { d: 'M8 12.5l2.7 2.7L16.5 9.5' }],
  failure: [{ d: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z' }, { d: 'M9 9l6 6M15 9l-6 6' }],
  eye: [{ d: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z' }, { d: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z' }],
  eyeOff: [
    { d: 'M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6' },
    { d: 'M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18' },
  ],
  logout: [{ d: 'M10 4H5v16h5' }, { d: 'M15 8l4 4-4 4M19 12H9' }],
  home: [{ d: 'M3 11l9-7 9 7' }, { d: 'M5 10v10h5v-6h4v6h5V10' }],
  search: [{ d: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z' }, { d: 'M16 16l4.5 4.5' }],
} satisfies Record<string, readonly IconShape[]>;

export type IconName = keyof typeof iconPaths;

export const iconNames = Object.keys(iconPaths) as IconName[];
