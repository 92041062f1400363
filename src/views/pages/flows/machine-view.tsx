import { useCallback, useMemo, useState } from 'react';
import type { MachineEntry } from '../../../machines/index';
import type { MachineCoverage } from '../../../services/flows/coverage';
import { useT } from '../../../services/i18n';
import { activeStateIds, leafIds, shortName } from './active-states';
import type { CoverageState } from './coverage-source';
import { CoverageLine } from './coverage-line';
import { DiagramView, type Highlights } from './diagram-view';
import type { LiveUpdate } from './live-mode';
import { SimulationPanel } from './simulation-panel';
import { StatePanel } from './state-panel';
import { useFlowDiagram, type LayoutFunction } from './use-flow-diagram';
import { useSimulation } from './use-simulation';

interface MachineViewProps {
  entry: MachineEntry;
  title: string;
  coverageState: CoverageState;
  coverage: MachineCoverage | undefined;
  live: LiveUpdate | undefined;
  layout?: LayoutFunction;
}

/** One machine: its coverage totals, its diagram, the state panel and the simulation. */
export function MachineView({ entry, title, coverageState, coverage, live, layout }: MachineViewProps) {
  const t = useT();
  const diagram = useFlowDiagram(entry, coverage, title, layout);
  const [simulating, setSimulating] = useState(false);
  const [generation, setGeneration] = useState(0);
  const { simulation, view } = useSimulation(entry, simulating, generation);
  const [selectedState, setSelectedState] = useState<string | null>(null);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const closePanel = useCallback(() => setSelectedState(null), []);

  const { model } = diagram;
  const value = view?.snapshot.value ?? live?.value;
  const active = useMemo(() => (value === undefined ? [] : activeStateIds(model, value)), [model, value]);
  const current = useMemo(() => leafIds(model, active), [model, active]);
  const currentNames = current.map((id) => shortName(model, id));
  const highlights = useMemo<Highlights>(() => ({
    current,
    active: active.filter((id) => !current.includes(id)),
    selectedState,
    selectedEdge,
    targets: model.edges.find((edge) => edge.key === selectedEdge)?.targets ?? [],
  }), [current, active, selectedState, selectedEdge, model]);

  return (
    <section className="flow-machine" aria-labelledby="flow-machine-title">
      <header className="flow-machine__header">
        <h2 id="flow-machine-title">{title}</h2>
        <label className="flow-switch">
          <input type="checkbox" role="switch" checked={simulating} onChange={(event) => setSimulating(event.target.checked)} />
          {t('flows.simulation')}
        </label>
      </header>
      <CoverageLine state={coverageState} machine={coverage} />
      {live && !view ? <p className="flow-live" role="status">{t('flows.liveLast', { state: currentNames.join(', '), event: live.eventType })}</p> : null}
      <div className="flow-machine__body">
        {diagram.svg ? (
          <DiagramView
            svg={diagram.svg}
            label={t('flows.diagramLabel', { title })}
            highlights={highlights}
            onState={(id) => {
              setSelectedState(id);
              setSelectedEdge(null);
            }}
            onEdge={setSelectedEdge}
          />
        ) : <p className="flow-diagram flow-diagram--pending">{t(diagram.failed ? 'flows.diagramError' : 'flows.diagramLoading')}</p>}
        {selectedState || (simulation && view) ? (
          <div className="flow-machine__side">
            {selectedState ? <StatePanel model={model} stateId={selectedState} onClose={closePanel} /> : null}
            {simulation && view ? (
              <SimulationPanel simulation={simulation} view={view} current={currentNames} onReset={() => setGeneration((n) => n + 1)} />
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
