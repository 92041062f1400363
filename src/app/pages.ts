import { lazy, type ComponentType, type ReactNode } from 'react';
import type { LayoutName, PageName, RouteParams } from './routes';
import { loadPortalTexts } from '../services/i18n';
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
/** The signed-in frame renders the portal's texts, which /auth does not load. */
const withPortalTexts =
  <P>(load: () => Promise<Module<P>>) =>
  () =>
    Promise.all([load(), loadPortalTexts()]).then(([module]) => module);

/** Every page and layout is its own chunk, so /auth loads neither the dashboard frame nor its pages. */
export const pages: Record<PageName, ComponentType<PageProps>> = {
  home: lazyChunk<PageProps>(() => import('../views/pages/home-page')),
  auth: lazyChunk<PageProps>(() => import('../views/pages/auth-page')),
  fillingProfile: lazyChunk<PageProps>(() => import('../views/pages/filling-profile-page')),
  loginOrk: lazyChunk<PageProps>(() => import('../views/pages/login-ork-page')),
  placeholder: lazyChunk<PageProps>(() => import('../views/pages/placeholder-page')),
  flows: lazyChunk<PageProps>(() => import('../views/pages/flows-page')),
  updates: lazyChunk<PageProps>(() => import('../views/pages/updates-page')),
  help: lazyChunk<PageProps>(() => import('../views/pages/help-page')),
  atWork: lazyChunk<PageProps>(() => import('../views/pages/at-work-page')),
  v2Ui: lazyChunk<PageProps>(() => import('../views/pages/v2-ui/v2-ui-page')),
  accountProfile: lazyChunk<PageProps>(() => import('../views/pages/account/profile-page')),
  accountClients: lazyChunk<PageProps>(() => import('../views/pages/account/clients-page')),
  accountCounteragents: lazyChunk<PageProps>(() => import('../views/pages/account/counteragents-page')),
  accountContacts: lazyChunk<PageProps>(() => import('../views/pages/account/contacts-page')),
  accountDelivery: lazyChunk<PageProps>(() => import('../views/pages/account/delivery-page')),
  v2Clients: lazyChunk<PageProps>(() => import('../views/pages/account/v2-clients-page')),
  projects: lazyChunk<PageProps>(() => import('../views/pages/projects/projects-page')),
  project: lazyChunk<PageProps>(() => import('../views/pages/projects/project-page')),
  wizardBoard: lazyChunk<PageProps>(() => import('../views/pages/wizard/wizard-page')),
  cart: lazyChunk<PageProps>(() => import('../views/pages/cart/cart-page')),
  checkout: lazyChunk<PageProps>(() => import('../views/pages/cart/checkout-page')),
  orders: lazyChunk<PageProps>(() => import('../views/pages/orders/orders-page')),
  order: lazyChunk<PageProps>(() => import('../views/pages/orders/order-page')),
  positions: lazyChunk<PageProps>(() => import('../views/pages/lists/positions-page')),
  invoices: lazyChunk<PageProps>(() => import('../views/pages/lists/invoices-page')),
  projectSets: lazyChunk<PageProps>(() => import('../views/pages/lists/project-sets-page')),
  projectSet: lazyChunk<PageProps>(() => import('../views/pages/lists/project-set-page')),
};

export const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  auth: lazyChunk<LayoutProps>(() => import('../views/layouts/auth-layout')),
  default: lazyChunk<LayoutProps>(withPortalTexts(() => import('../views/layouts/default-layout'))),
  account: lazyChunk<LayoutProps>(withPortalTexts(() => import('../views/layouts/account-layout'))),
  empty: lazyChunk<LayoutProps>(withPortalTexts(() => import('../views/layouts/empty-layout'))),
};

export const ErrorPage = lazyChunk<{ status?: number }>(() => import('../views/pages/error-page'));
