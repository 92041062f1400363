import { useT } from '../../services/i18n';
import { EmptyState } from '../components/empty-state';

/** Every section not built yet: its title and an honest empty state, no sample data. */
export default function PlaceholderPage({ title }: { title: string }) {
  const t = useT();
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <div className="card">
        <EmptyState text={t('empty.preparing')} />
      </div>
    </div>
  );
}
