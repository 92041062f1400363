import type { AnyEventObject } from 'xstate';
import { useT } from '../../../services/i18n';
import { readableFields } from './readable-value';
import type { Simulation, SimulationView } from './simulation';

/** A payload as `key value` pairs (dl semantics inside a button are not allowed, so spans with a separator). */
function Fields({ value }: { value: unknown }) {
  const fields = readableFields(value);
  if (fields.length === 1 && fields[0]?.key === '') return <span className="flow-fields"><span className="flow-fields__value">{fields[0].value}</span></span>;
  return (
    <span className="flow-fields">
      {fields.map((field) => (
        <span key={field.key} className="flow-fields__item">
          <span className="flow-fields__key">{field.key}:</span> <span className="flow-fields__value">{field.value}</span>{' '}
        </span>
      ))}
    </span>
  );
}

const payloadOf = ({ type: _type, ...rest }: AnyEventObject) => (Object.keys(rest).length ? <Fields value={rest} /> : null);

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
      <button type="button" className="flow-button" onClick={onReset}>
        {t('flows.sim.reset')}
      </button>
      {view.calls.length ? <h3>{t('flows.sim.calls')}</h3> : null}
      {view.calls.map((call) => (
        <div key={call.id} className="flow-sim__group" role="group" aria-label={t('flows.sim.callOf', { id: call.id })}>
          <span className="flow-sim__call">{t('flows.sim.callOf', { id: call.id })}</span>
          {call.outputs.map((output, index) => (
            <button key={`ok${index}`} type="button" className="flow-button flow-button--ok" onClick={() => simulation.settle(call.id, { output })}>
              <span className="flow-button__label">{t('flows.sim.success')}</span> <Fields value={output} />
            </button>
          ))}
          {call.errors.map((error, index) => (
            <button
              key={`error${index}`}
              type="button"
              className="flow-button flow-button--error"
              onClick={() => simulation.settle(call.id, { error })}
            >
              <span className="flow-button__label">{t('flows.sim.failure')}</span>{' '}
              <span className="flow-fields">
                <span className="flow-fields__value">{error.message}</span>
              </span>
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
              <strong>{event.type}</strong> {payloadOf(event)}
            </button>
          ))}
        </div>
      ) : (
        <p>{t('flows.sim.noEvents')}</p>
      )}
    </section>
  );
}
