import { describe, expect, it } from 'vitest';
import { resolveNavigation, type SessionView } from '../../src/app/guards';

const filled: SessionView = { signedIn: true, profileFilled: true, userLoading: false };
const anonymous: SessionView = { signedIn: false, profileFilled: null, userLoading: false };

function go(url: string, session: SessionView = filled) {
  const [path = '/', search = ''] = url.split('?');
  return resolveNavigation({ path, search, session, devHost: false });
}

describe('old addresses kept for bookmarks', () => {
  it('move /groups and a folder under it to /folders, keeping the locale and the query', () => {
    expect(go('/groups')).toEqual({ kind: 'redirect', to: '/folders' });
    expect(go('/groups/12?from=mail')).toEqual({ kind: 'redirect', to: '/folders/12?from=mail' });
    expect(go('/en/groups/12')).toEqual({ kind: 'redirect', to: '/en/folders/12' });
  });

  it('lead to the page that lives there now, which asks for a sign-in as before', () => {
    expect(go('/folders/12')).toMatchObject({ kind: 'render', route: { name: 'folder', page: 'projectSet' } });
    expect(go('/groups', anonymous)).toEqual({ kind: 'redirect', to: '/folders' });
    expect(go('/folders', anonymous)).toMatchObject({ kind: 'redirect', to: '/auth?redirect=%2Ffolders' });
  });

  it('leave a path that only starts with the same letters alone', () => {
    expect(go('/groupsx')).toMatchObject({ kind: 'error', status: 404 });
  });
});
