import { Redirect, useLocation } from 'wouter';
import { localizePath, useLocale } from '../../../services/i18n';
import { SET_PATHS, setKindOfPath } from '../../../services/project-sets';
import { ProjectSetView } from './project-set-view';

/** /folders/:id and /kits/:id; a set opened under the other kind's path moves to its own (history replaced). */
export default function ProjectSetPage({ params }: { title: string; params: Record<string, string | undefined> }) {
  const [location] = useLocation();
  const locale = useLocale();
  // The router's guard has checked the id's format already.
  const id = Number(params.id);
  const kind = setKindOfPath(location);
  if (!Number.isSafeInteger(id)) return <Redirect to={localizePath(SET_PATHS[kind], locale)} replace />;
  return <ProjectSetView key={id} id={id} kind={kind} />;
}
