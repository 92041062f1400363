import { Redirect, useLocation } from 'wouter';
import type { ProjectSetKind } from '../../../contract/project-sets';
import { localizePath, useLocale, useT } from '../../../services/i18n';
import { SET_PATHS, setPath } from '../../../services/project-sets';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { isNotFound } from '../../data/query-client';
import { useDocumentTitle } from '../../components/use-document-title';
import { useProjectSet } from './api/get-project-set';
import { SetContent } from './set-content';
import '../projects/projects.css';
import './lists.css';

/** /folders/:id and /kits/:id while the set loads, when it is missing or failed; a set of the other kind moves there. */
export function ProjectSetView({ id, kind }: { id: number; kind: ProjectSetKind }) {
  const t = useT();
  const locale = useLocale();
  const { data: set, error, isError, refetch } = useProjectSet(id);
  const [, navigate] = useLocation();
  useDocumentTitle(set?.name ?? t(`pages.${kind}.title`, { id }));

  if (isNotFound(error) || (!set && isError)) {
    const notFound = isNotFound(error);
    return (
      <div className="lists-page">
        <EmptyState
          icon={notFound ? 'search' : 'failure'}
          headingLevel={2}
          title={t(notFound ? `projectSets.${kind}.notFound` : 'projectSets.page.failed')}
          action={notFound
            ? { label: t(`projectSets.${kind}.all`), to: SET_PATHS[kind] }
            : { label: t('lists.retry'), onClick: () => void refetch() }}
        />
      </div>
    );
  }
  if (!set) return <div className="lists-page"><Skeleton rows={4} imageSize={56} /></div>;
  if (set.kind !== kind) return <Redirect to={localizePath(setPath(set.kind, set.id), locale)} replace />;
  return <SetContent set={set} onDeleted={() => navigate(localizePath(SET_PATHS[kind], locale))} />;
}
