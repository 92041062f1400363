import { Icon } from './ui/icon';
import './steps-menu.css';

/** How a step stands: where the user is, passed, open to go to, not yet open, or left out of this way. */
export type StepMark = 'current' | 'done' | 'open' | 'locked' | 'skipped';

export interface StepsMenuItem<Step extends string> {
  step: Step;
  mark: StepMark;
  /** Its place in the flow; none for a step left out. */
  number: number | null;
  reachable: boolean;
  name: string;
  /** The word under the name ('пройден'), if the mark has one. */
  state: string | null;
}

interface StepsMenuProps<Step extends string> {
  label: string;
  items: ReadonlyArray<StepsMenuItem<Step>>;
  onGoTo: (step: Step) => void;
}

/** A flow's steps: the current one marked, reached ones clickable, later ones locked, passed ones ticked. */
export function StepsMenu<Step extends string>({ label, items, onGoTo }: StepsMenuProps<Step>) {
  return (
    <nav className="steps-menu" aria-label={label}>
      <ol className="steps-menu__list">
        {items.map(({ step, mark, number, reachable, name, state }) => (
          <li key={step} className={`steps-menu__item steps-menu__item--${mark}`}>
            <button
              type="button"
              className="steps-menu__button"
              disabled={!reachable}
              aria-current={mark === 'current' ? 'step' : undefined}
              onClick={() => onGoTo(step)}
            >
              <span className="steps-menu__number" aria-hidden="true">{mark === 'done' ? <Icon name="check" size={14} /> : number ?? '–'}</span>
              <span className="steps-menu__name">{name}</span>
              {state ? <span className="steps-menu__state">{state}</span> : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
