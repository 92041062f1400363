import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { machineRegistry } from '../../../machines/index';
import type { MachineCoverage } from '../../../services/flows/coverage';
import { useLocale, useT } from '../../../services/i18n';
import { fetchCoverage, useCoverage, type CoverageLoader } from './coverage-source';
import { useLiveUpdates, type LiveSource } from './live-mode';
import { MachineList } from './machine-list';
import { MachineView } from './machine-view';
import type { LayoutFunction } from './use-flow-diagram';

export interface FlowsViewProps {
  title: string;
  /** ELK by default; tests may lay out faster. */
  layout?: LayoutFunction;
  loadCoverage?: CoverageLoader;
  /** Updates from the running app's actors (subscribeLiveActors); without one, following is switched off. */
  liveSource?: LiveSource;
}

/** The visualizer: every registered machine on the left, the chosen one (?machine=<id>) on the right. */
export function FlowsView({ title, layout, loadCoverage = fetchCoverage, liveSource }: FlowsViewProps) {
  const t = useT();
  const locale = useLocale();
  const wanted = new URLSearchParams(useSearch()).get('machine');
  const entry = machineRegistry.find((candidate) => candidate.id === wanted) ?? machineRegistry[0];
  const coverageState = useCoverage(loadCoverage);
  const coverage = useMemo(() => new Map<string, MachineCoverage>(
    coverageState.status === 'ready' ? coverageState.report.machines.map((machine) => [machine.id, machine]) : [],
  ), [coverageState]);
  const [following, setFollowing] = useState(false);
  const live = useLiveUpdates(liveSource, following);
  if (!entry) return null;

  return (
    <div className="page flows-page">
      <div className="flows-page__head">
        <h1 className="page__title">{title}</h1>
        <label className="flow-switch" title={liveSource ? undefined : t('flows.liveUnavailable')}>
          <input type="checkbox" role="switch" checked={following} disabled={!liveSource} onChange={(event) => setFollowing(event.target.checked)} />
          {t('flows.live')}
        </label>
      </div>
      <p className="flows-page__intro">{t('flows.intro')}</p>
      {following && !live.has(entry.id) ? <p className="flow-live" role="status">{t('flows.liveWaiting')}</p> : null}
      <div className="flows-page__grid">
        <MachineList entries={machineRegistry} selected={entry.id} coverage={coverage} />
        <MachineView
          key={entry.id}
          entry={entry}
          title={entry.title[locale]}
          coverageState={coverageState}
          coverage={coverage.get(entry.id)}
          live={following ? live.get(entry.id) : undefined}
          layout={layout}
        />
      </div>
    </div>
  );
}
