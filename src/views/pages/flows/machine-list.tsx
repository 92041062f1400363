import type { KeyboardEvent } from 'react';
import type { MachineEntry } from '../../../machines/index';
import type { MachineCoverage } from '../../../services/flows/coverage';
import { useLocale, useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';

interface MachineListProps {
  entries: readonly MachineEntry[];
  selected: string;
  coverage: ReadonlyMap<string, MachineCoverage>;
}

/** Every registered machine; links choose one through ?machine=, arrow keys move between them. */
export function MachineList({ entries, selected, coverage }: MachineListProps) {
  const t = useT();
  const locale = useLocale();
  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: links.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    links[(next + links.length) % links.length]?.focus();
  };
  return (
    <nav className="flow-list" aria-label={t('flows.listLabel')} onKeyDown={onKey}>
      <ul>
        {entries.map((entry) => {
          const covered = coverage.get(entry.id);
          return (
            <li key={entry.id}>
              <LocalLink
                to={`/flows?machine=${entry.id}`}
                className={`flow-list__item${entry.id === selected ? ' flow-list__item--selected' : ''}`}
                data-machine={entry.id}
              >
                <span className="flow-list__title">{entry.title[locale]}</span>
                <span className="flow-list__screen">
                  {entry.screen === '*' ? t('flows.everyPage') : entry.screen}
                  {entry.place ? ` · ${t(`flows.places.${entry.place}`)}` : ''}
                </span>
                {covered ? (
                  <span className="flow-list__badges">
                    <span className={badge(covered.states)}>
                      {t('flows.states', { covered: covered.states.covered, total: covered.states.total })}
                    </span>
                    <span className={badge(covered.transitions)}>
                      {t('flows.transitions', { covered: covered.transitions.covered, total: covered.transitions.total })}
                    </span>
                  </span>
                ) : null}
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const badge = (count: { covered: number; total: number }) =>
  `flow-badge${count.covered === count.total ? ' flow-badge--full' : ' flow-badge--partial'}`;
