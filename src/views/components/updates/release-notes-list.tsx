import { useId } from 'react';
import { useT } from '../../../services/i18n';
import type { Release } from './release-notes';
import './updates.css';

/** The 'Новое' and 'Исправлено' lists of one release, shared by the popup and /updates. */
export function ReleaseNotesList({ release }: { release: Release }) {
  const t = useT();
  const id = useId();
  return (
    <div className="release-notes">
      <h3 id={`${id}-new`} className="release-notes__heading">{t('updates.newTitle')}</h3>
      <ul aria-labelledby={`${id}-new`} className="release-notes__list">
        {release.features.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <h3 id={`${id}-fixed`} className="release-notes__heading">{t('updates.fixedTitle')}</h3>
      <ul aria-labelledby={`${id}-fixed`} className="release-notes__list release-notes__list--fixes">
        {release.fixes.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </div>
  );
}
