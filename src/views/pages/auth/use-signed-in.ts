import { useLocation, useSearch } from 'wouter';
import { localizePath, useLocale } from '../../../services/i18n';
import { postSignInPath } from '../../../services/redirect';
import { useAuthDeps } from './auth-deps';

export type AfterSignIn = 'continue' | 'fillProfile';

/**
 * Hands a new token to the session and leaves the auth page: to the `redirect` target (or home),
 * or first to the profile form, which then continues to that same target.
 */
export function useSignedIn(): (token: string, next: AfterSignIn) => void {
  const { session } = useAuthDeps();
  const [, navigate] = useLocation();
  const search = useSearch();
  const locale = useLocale();
  return (token, next) => {
    session.send({ type: 'session.signedIn', token });
    const home = localizePath('/', locale);
    const target = postSignInPath(search, home);
    if (next === 'continue') {
      navigate(target, { replace: true });
      return;
    }
    const query = target === home ? '' : `?${new URLSearchParams({ redirect: target })}`;
    navigate(`${localizePath('/auth/filling-profile', locale)}${query}`, { replace: true });
  };
}
