import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { localizePath, stripLocale, useLocale } from '../../services/i18n';

interface LocalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  /** A path without locale prefix: '/projects?status=draft'. */
  to: string;
  className?: string;
  /** Added when the current page is this link's page (and carries the link's query, if it has one). */
  activeClassName?: string;
  children: ReactNode;
}

function isActive(to: string, location: string, search: string): boolean {
  const [path, query = ''] = to.split('#')[0]?.split('?') ?? [];
  if (stripLocale(location) !== path) return false;
  const current = new URLSearchParams(search);
  return [...new URLSearchParams(query)].every(([key, value]) => current.get(key) === value);
}

/** A router link that keeps the current language (adds /en when English is on). */
export function LocalLink({ to, className, activeClassName, children, ...rest }: LocalLinkProps) {
  const locale = useLocale();
  const [location] = useLocation();
  const search = useSearch();
  const active = isActive(to, location, search);
  const classes = [className, active ? activeClassName : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Link href={localizePath(to, locale)} className={classes} aria-current={active ? 'page' : undefined} {...rest}>
      {children}
    </Link>
  );
}
