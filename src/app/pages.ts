import { lazy, type ComponentType, type ReactNode } from 'react';
import { findRoute, type AppRoute, type LayoutName, type PageName, type RouteParams } from './routes';
import { loadFrameTexts, loadPortalTexts, stripLocale } from '../services/i18n';
import { withChunkReload } from './chunk-reload';

export interface PageProps {
  title: string;
  params: RouteParams;
}

export interface LayoutProps {
  title?: string;
  /** The route enables on-screen education (the 'Подсказка' toggle). */
  education?: boolean;
  children: ReactNode;
}

type Module<P> = { default: ComponentType<P> };
const lazyChunk = <P>(load: () => Promise<Module<P>>) => lazy(withChunkReload(load));
/** A chunk that renders texts /auth does not load waits for them: the frame's alone, or the whole portal's. */
const withTexts =
  (loadTexts: () => Promise<void>) =>
  <P>(load: () => Promise<Module<P>>) =>
  () =>
    Promise.all([load(), loadTexts()]).then(([module]) => module);
const withFrameTexts = withTexts(loadFrameTexts);
const withPortalTexts = withTexts(loadPortalTexts);
/** Pages whose texts are already there: /auth's own, and the dashboard's, which come with the frame's. */
const PAGES_WITHOUT_PORTAL_TEXTS: readonly PageName[] = ['home', 'auth', 'fillingProfile', 'loginOrk'];

/** Every page and layout is its own chunk, so /auth loads neither the dashboard frame nor its pages. */
const pageChunks: Record<PageName, () => Promise<Module<PageProps>>> = {
  home: () => import('../views/pages/home-page'),
  auth: () => import('../views/pages/auth-page'),
  fillingProfile: () => import('../views/pages/filling-profile-page'),
  loginOrk: () => import('../views/pages/login-ork-page'),
  placeholder: () => import('../views/pages/placeholder-page'),
  flows: () => import('../views/pages/flows-page'),
  updates: () => import('../views/pages/updates-page'),
  help: () => import('../views/pages/help-page'),
  atWork: () => import('../views/pages/at-work-page'),
  v2Ui: () => import('../views/pages/v2-ui/v2-ui-page'),
  accountProfile: () => import('../views/pages/account/profile-page'),
  accountClients: () => import('../views/pages/account/clients-page'),
  accountPayers: () => import('../views/pages/account/payers-page'),
  accountContacts: () => import('../views/pages/account/contacts-page'),
  accountDelivery: () => import('../views/pages/account/delivery-page'),
  v2Clients: () => import('../views/pages/account/v2-clients-page'),
  projects: () => import('../views/pages/projects/projects-page'),
  project: () => import('../views/pages/projects/project-page'),
  wizardBoard: () => import('../views/pages/wizard/wizard-page'),
  quote: () => import('../views/pages/quote/quote-page'),
  cart: () => import('../views/pages/cart/cart-page'),
  checkout: () => import('../views/pages/checkout/checkout-page'),
  orders: () => import('../views/pages/orders/orders-page'),
  order: () => import('../views/pages/orders/order-page'),
  positions: () => import('../views/pages/lists/positions-page'),
  invoices: () => import('../views/pages/lists/invoices-page'),
  projectSets: () => import('../views/pages/lists/project-sets-page'),
  projectSet: () => import('../views/pages/lists/project-set-page'),
  staffSignIn: () => import('../views/pages/staff/staff-sign-in-page'),
  staffSetup: () => import('../views/pages/staff/staff-setup-page'),
  staffQueue: () => import('../views/pages/staff/staff-queue-page'),
  staffOrders: () => import('../views/pages/staff/staff-orders-page'),
  staffOrder: () => import('../views/pages/staff/staff-order-page'),
  staffSessions: () => import('../views/pages/staff/staff-sessions-page'),
  staffComplaints: () => import('../views/pages/staff/staff-complaints-page'),
  staffSupport: () => import('../views/pages/staff/staff-support-page'),
  staffMembers: () => import('../views/pages/staff/admin/staff-members-page'),
  staffAudit: () => import('../views/pages/staff/admin/staff-audit-page'),
  staffIntegrations: () => import('../views/pages/staff/admin/staff-integrations-page'),
  developers: () => import('../views/pages/developers/developers-page'),
};

const pageLoaders = Object.fromEntries(Object.entries(pageChunks).map(([name, load]) =>
  [name, PAGES_WITHOUT_PORTAL_TEXTS.includes(name as PageName) ? load : withPortalTexts(load)])) as typeof pageChunks;

const layoutLoaders: Record<LayoutName, () => Promise<Module<LayoutProps>>> = {
  auth: () => import('../views/layouts/auth-layout'),
  default: withFrameTexts(() => import('../views/layouts/default-layout')),
  account: withPortalTexts(() => import('../views/layouts/account-layout')),
  empty: withPortalTexts(() => import('../views/layouts/empty-layout')),
  staff: withPortalTexts(() => import('../views/layouts/staff-layout')),
  staffAuth: withPortalTexts(() => import('../views/layouts/staff-auth-layout')),
};

function lazyAll<K extends string, P>(loaders: Record<K, () => Promise<Module<P>>>): Record<K, ComponentType<P>> {
  const lazies: Partial<Record<K, ComponentType<P>>> = {};
  for (const name in loaders) lazies[name] = lazyChunk(loaders[name]);
  return lazies as Record<K, ComponentType<P>>;
}

export const pages = lazyAll(pageLoaders);
export const layouts = lazyAll(layoutLoaders);

/**
 * The route the first render of `path` shows, as far as the token tells before the session has checked it: signed
 * out, a private route shows /auth (whose parts index.html already preloads: undefined); signed in, /auth sends the
 * user to the dashboard.
 */
export function routeToPreload(path: string, signedIn: boolean): AppRoute | undefined {
  const found = findRoute(stripLocale(path))?.route;
  if (!found || found.meta.auth === signedIn) return found;
  return signedIn ? findRoute('/')?.route : undefined;
}

/**
 * Starts loading the layout and page of that route at once. Rendered, the page's import starts only once its layout
 * has arrived (a page renders inside its layout): one round trip each. Resolves when both are there or failed.
 */
export function preloadRoute(path: string, signedIn: boolean): Promise<void> {
  const route = routeToPreload(path, signedIn);
  if (!route) return Promise.resolve();
  // A failure here is met again, and handled, when the page renders.
  return Promise.all([layoutLoaders[route.meta.layout], pageLoaders[route.page]].map((load) => load().catch(() => undefined))).then(() => undefined);
}

export const ErrorPage = lazyChunk<{ status?: number }>(() => import('../views/pages/error-page'));
