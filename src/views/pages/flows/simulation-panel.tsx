import type { AnyEventObject } from 'xstate';
import { useT } from '../../../services/i18n';
import type { Simulation, SimulationView } from './simulation';

/** `{"result":1,"secondFactorId":"5b0c1e…","secondFactorTypes":[0,2]}`: tokens and ids cut, so examples differ visibly. */
function brief(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    (typeof item === 'string' && item.length > 20 ? `${item.slice(0, 8)}…` : item)) ?? '';
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

const payloadOf = ({ type: _type, ...rest }: AnyEventObject) => (Object.keys(rest).length ? brief(rest) : '');

interface SimulationPanelProps {
  simulation: Simulation;
  view: SimulationView;
  /** `secondFactor.sendingCode`: the innermost active states. */
  current: readonly string[];
  onReset: () => void;
}

/** Buttons for what the machine can do next: its enabled events, its pending gateway calls, its timers. */
export function SimulationPanel({ simulation, view, current, onReset }: SimulationPanelProps) {
  const t = useT();
  const finished = view.snapshot.status !== 'active';
  return (
    <section className="flow-sim" aria-label={t('flows.simulation')}>
      <p className="flow-sim__status" role="status">
        {t('flows.sim.current', { state: current.join(', ') || view.snapshot.machine.id })}
        {finished ? ` · ${t('flows.sim.finished')}` : ''}
      </p>
      <button type="button" className="flow-button" onClick={onReset}>{t('flows.sim.reset')}</button>
      {view.calls.length ? <h3>{t('flows.sim.calls')}</h3> : null}
      {view.calls.map((call) => (
        <div key={call.id} className="flow-sim__group" role="group" aria-label={t('flows.sim.callOf', { id: call.id })}>
          <span className="flow-sim__call">{t('flows.sim.callOf', { id: call.id })}</span>
          {call.outputs.map((output, index) => (
            <button key={`ok${index}`} type="button" className="flow-button flow-button--ok" onClick={() => simulation.settle(call.id, { output })}>
              {t('flows.sim.success')} <code>{brief(output)}</code>
            </button>
          ))}
          {call.errors.map((error, index) => (
            <button key={`error${index}`} type="button" className="flow-button flow-button--error" onClick={() => simulation.settle(call.id, { error })}>
              {t('flows.sim.failure')} <code>{error.message}</code>
            </button>
          ))}
        </div>
      ))}
      {view.delays.length ? <h3>{t('flows.sim.delays')}</h3> : null}
      {view.delays.map((delay) => (
        <button key={delay.eventType} type="button" className="flow-button" onClick={() => simulation.fire(delay)}>
          {t('flows.sim.fire', { delay: delay.label })}
        </button>
      ))}
      <h3>{t('flows.sim.events')}</h3>
      {view.events.length ? (
        <div className="flow-sim__events">
          {view.events.map(({ index, event }) => (
            <button key={index} type="button" className="flow-button" onClick={() => simulation.send(event)}>
              <strong>{event.type}</strong> <code>{payloadOf(event)}</code>
            </button>
          ))}
        </div>
      ) : <p>{t('flows.sim.noEvents')}</p>}
    </section>
  );
}
