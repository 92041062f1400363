import { formatDate } from '../../services/format';
import { useT } from '../../services/i18n';
import { RELEASES } from '../components/updates/release-notes';
import { ReleaseNotesList } from '../components/updates/release-notes-list';

/** /updates: every release, newest first, with what it brought and what it fixed. */
export default function UpdatesPage({ title }: { title: string }) {
  const t = useT();
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p className="updates-page__intro">{t('updates.historyIntro')}</p>
      <div className="updates-page__releases">
        {RELEASES.map((release) => (
          <article key={release.date} className="card updates-page__release" aria-labelledby={`release-${release.date}`}>
            <h2 id={`release-${release.date}`}>{t('updates.releaseHeading', { date: formatDate(release.date) })}</h2>
            <ReleaseNotesList release={release} />
          </article>
        ))}
      </div>
    </div>
  );
}
