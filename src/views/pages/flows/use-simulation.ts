import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { MachineEntry } from '../../../machines/index';
import { createSimulation, type Simulation, type SimulationView } from './simulation';

const noSubscribe = () => () => undefined;
const noView = () => null;

/** A simulation of `entry` while `on`; a new `generation` starts it afresh (the reset button). */
export function useSimulation(entry: MachineEntry, on: boolean, generation: number): { simulation: Simulation | null; view: SimulationView | null } {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- generation only asks for a fresh simulation
  const simulation = useMemo(() => (on ? createSimulation(entry) : null), [entry, on, generation]);
  useEffect(() => {
    if (!simulation) return undefined;
    simulation.start();
    return () => simulation.stop();
  }, [simulation]);
  const view = useSyncExternalStore(simulation?.subscribe ?? noSubscribe, simulation?.getView ?? noView, noView);
  return { simulation, view };
}
