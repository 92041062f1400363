/** The route table of the product spec. Each pattern also exists under /en; pages are named here and loaded lazily by pages.ts. */

export type LayoutName = 'auth' | 'default' | 'account' | 'empty' | 'staff' | 'staffAuth';
export type PageName =
  | 'home' | 'auth' | 'fillingProfile' | 'loginOrk' | 'placeholder' | 'flows' | 'v2Ui' | 'updates' | 'help' | 'atWork'
  | 'accountProfile' | 'accountClients' | 'accountPayers' | 'accountContacts' | 'accountDelivery' | 'v2Clients'
  | 'projects' | 'project' | 'wizardBoard' | 'quote'
  | 'cart' | 'checkout' | 'orders' | 'order' | 'positions' | 'invoices' | 'projectSets' | 'projectSet' | 'developers'
  | 'staffSignIn' | 'staffSetup' | 'staffQueue' | 'staffOrders' | 'staffOrder' | 'staffSessions' | 'staffComplaints' | 'staffSupport'
  | 'staffMembers' | 'staffAudit' | 'staffIntegrations';

export interface RouteMeta {
  /** False for open routes; every other route needs a valid token. */
  auth: boolean;
  layout: LayoutName;
  /** The path parameter that holds an entity id; checked as a positive integer. */
  idParam?: string;
  /** Guard names from guards.ts, run in order; an unknown name gives a 500 page. */
  guards: readonly string[];
  /** Locale key of the page title; `{{id}}` is filled from the id parameter. */
  titleKey: string;
  /** Title when the optional id is absent (/project without id). */
  titleKeyWithoutId?: string;
  /** Screens with on-screen education: the sidebar shows the 'Подсказка' toggle. */
  education?: boolean;
}

export interface AppRoute {
  name: string;
  /** '/orders/:id' — `:name?` marks an optional last segment. */
  pattern: string;
  page: PageName;
  meta: RouteMeta;
}

const PRIVATE = ['requireToken', 'checkId', 'requireFilledProfile'] as const;
const DEV_ONLY = ['devHostOnly', ...PRIVATE] as const;

function route(name: string, pattern: string, layout: LayoutName, extra: Partial<RouteMeta> & { page?: PageName } = {}): AppRoute {
  const { page = 'placeholder', ...meta } = extra;
  return {
    name,
    pattern,
    page,
    meta: { auth: true, layout, guards: PRIVATE, titleKey: `pages.${name}.title`, ...meta },
  };
}

export const routes: readonly AppRoute[] = [
  route('home', '/', 'default', { page: 'home' }),
  route('auth', '/auth', 'auth', { page: 'auth', auth: false, guards: ['guestOnly'], titleKey: 'auth.pageTitles.auth' }),
  // Needs a token but not a filled profile: this is where the profile gets filled.
  route('fillingProfile', '/auth/filling-profile', 'auth', {
    page: 'fillingProfile',
    guards: ['requireToken'],
    titleKey: 'auth.pageTitles.fillingProfile',
  }),
  route('loginOrk', '/auth/login-ork', 'auth', { page: 'loginOrk', auth: false, guards: [], titleKey: 'auth.pageTitles.loginOrk' }),
  {
    ...route('loginOrk', '/login-ork', 'auth', { page: 'loginOrk', auth: false, guards: [], titleKey: 'auth.pageTitles.loginOrk' }),
    name: 'loginOrkShort',
  },
  route('cart', '/cart', 'default', { page: 'cart' }),
  route('checkout', '/cart/checkout', 'default', { page: 'checkout' }),
  route('ckeditorExample', '/ckeditor-example', 'default'),
  route('modal', '/modal', 'default'),
  route('helpTest', '/help-test', 'default'),
  route('reference', '/reference', 'default'),
  route('help', '/help', 'default', { page: 'help' }),
  route('orders', '/orders', 'default', { page: 'orders' }),
  route('order', '/orders/:id', 'default', { idParam: 'id', page: 'order' }),
  // Menu sections of ours that list things of the client (not in the spec's route table).
  route('positions', '/positions', 'default', { page: 'positions' }),
  route('invoices', '/invoices', 'default', { page: 'invoices' }),
  route('folders', '/folders', 'default', { page: 'projectSets' }),
  route('kits', '/kits', 'default', { page: 'projectSets' }),
  route('folder', '/folders/:id', 'default', { idParam: 'id', page: 'projectSet' }),
  route('kit', '/kits/:id', 'default', { idParam: 'id', page: 'projectSet' }),
  route('projects', '/projects', 'default', { page: 'projects' }),
  route('project', '/project/:id?', 'default', { idParam: 'id', titleKeyWithoutId: 'pages.project.newTitle', education: true, page: 'project' }),
  route('wizardBoard', '/wizard-board', 'default', { education: true, page: 'wizardBoard' }),
  // The instant quote is for anyone, signed in or not.
  route('quote', '/quote', 'empty', { page: 'quote', auth: false, guards: [] }),
  // The staff API and webhooks, for the developers of the manufacturer's systems; open to read.
  route('developers', '/developers', 'empty', { page: 'developers', auth: false, guards: [] }),
  route('updates', '/updates', 'default', { page: 'updates' }),
  route('atWork', '/at-work', 'default', { page: 'atWork' }),
  route('flows', '/flows', 'default', { page: 'flows', titleKey: 'flows.title' }),
  route('accountProfile', '/account/profile', 'account', { page: 'accountProfile' }),
  route('accountClients', '/account/clients', 'account', { page: 'accountClients' }),
  route('accountPayers', '/account/counteragents', 'account', { page: 'accountPayers' }),
  route('accountContacts', '/account/contacts', 'account', { page: 'accountContacts' }),
  route('accountDelivery', '/account/delivery', 'account', { page: 'accountDelivery' }),
  // The manufacturer's staff. No customer session is asked for: the staff layout checks the staff one.
  route('staffSignIn', '/staff/sign-in', 'staffAuth', { page: 'staffSignIn', auth: false, guards: [] }),
  route('staffSetup', '/staff/setup', 'staffAuth', { page: 'staffSetup', auth: false, guards: [] }),
  route('staffQueue', '/staff', 'staff', { page: 'staffQueue', auth: false, guards: [] }),
  route('staffOrders', '/staff/orders', 'staff', { page: 'staffOrders', auth: false, guards: [] }),
  route('staffOrder', '/staff/orders/:id', 'staff', { page: 'staffOrder', auth: false, idParam: 'id', guards: ['checkId'] }),
  route('staffSessions', '/staff/sessions', 'staff', { page: 'staffSessions', auth: false, guards: [] }),
  route('staffComplaints', '/staff/complaints', 'staff', { page: 'staffComplaints', auth: false, guards: [] }),
  route('staffSupport', '/staff/support', 'staff', { page: 'staffSupport', auth: false, guards: [] }),
  // The admin's pages: each sends any other role to its own desk.
  route('staffMembers', '/staff/members', 'staff', { page: 'staffMembers', auth: false, guards: [] }),
  route('staffAudit', '/staff/audit', 'staff', { page: 'staffAudit', auth: false, guards: [] }),
  route('staffIntegrations', '/staff/integrations', 'staff', { page: 'staffIntegrations', auth: false, guards: [] }),
  route('v2Clients', '/v2/account/clients', 'default', { guards: DEV_ONLY, page: 'v2Clients' }),
  ...(['buttons', 'colors', 'dropdown', 'form', 'icons', 'panel'] as const).map((part) =>
    route(`v2${part[0]?.toUpperCase()}${part.slice(1)}`, `/v2/ui/${part}`, 'empty', { guards: DEV_ONLY, page: 'v2Ui' }),
  ),
];

export type RouteParams = Readonly<Record<string, string | undefined>>;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Matches a path without locale prefix against one pattern; a trailing slash is ignored. */
export function matchPattern(pattern: string, path: string): RouteParams | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string | undefined> = {};
  if (have.length > want.length) return null;
  for (const [index, part] of want.entries()) {
    const segment = have[index];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (!optional) return null;
        params[name] = undefined;
        continue;
      }
      const value = decode(segment);
      if (value === null) return null;
      params[name] = value;
    } else if (segment !== part) {
      return null;
    }
  }
  return params;
}

/** Old addresses kept for bookmarks: a path at or under the key opens the same place under the value. */
export const MOVED_PATHS: Readonly<Record<string, string>> = { '/groups': '/folders' };

export function findRoute(path: string, table: readonly AppRoute[] = routes): { route: AppRoute; params: RouteParams } | null {
  for (const candidate of table) {
    const params = matchPattern(candidate.pattern, path);
    if (params) return { route: candidate, params };
  }
  return null;
}

/** Whether a pattern's parameter may be left out ('/project/:id?'). */
export function isOptionalParam(pattern: string, name: string): boolean {
  return pattern.split('/').includes(`:${name}?`);
}
