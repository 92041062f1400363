import type { MachineCoverage } from '../../../services/flows/coverage';
import { percentOf } from '../../../services/flows/coverage';
import { useT } from '../../../services/i18n';
import type { CoverageState } from './coverage-source';

/** The totals of the selected machine as coverage/paths.json has them, or why there are none. */
export function CoverageLine({ state, machine }: { state: CoverageState; machine: MachineCoverage | undefined }) {
  const t = useT();
  if (state.status === 'loading') return <p className="flow-coverage">{t('flows.coverageLoading')}</p>;
  if (state.status === 'missing') return <p className="flow-coverage flow-coverage--empty" role="note">{t('flows.coverageMissing')}</p>;
  if (state.status === 'failed' || !machine) return <p className="flow-coverage flow-coverage--empty" role="note">{t('flows.coverageError')}</p>;
  const uncovered = [...machine.states.uncovered, ...machine.transitions.uncovered];
  return (
    <div className="flow-coverage" data-testid="flow-coverage">
      <p>
        {t('flows.coverageLine', {
          states: machine.states.covered, statesTotal: machine.states.total, statesPercent: percentOf(machine.states),
          transitions: machine.transitions.covered, transitionsTotal: machine.transitions.total,
          transitionsPercent: percentOf(machine.transitions), paths: machine.paths,
        })}
      </p>
      <p className="flow-coverage__legend">{t('flows.legend')}</p>
      {uncovered.length ? <p className="flow-coverage__missing">{t('flows.uncovered', { items: uncovered.join('; ') })}</p> : null}
    </div>
  );
}
