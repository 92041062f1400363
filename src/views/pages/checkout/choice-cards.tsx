import type { KeyboardEvent } from 'react';

export interface ChoiceOption<Id> {
  id: Id;
  title: string;
  details: readonly string[];
  /** A short mark beside the title ('По умолчанию'). */
  badge?: string;
}

interface ChoiceCardsProps<Id> {
  legend: string;
  name: string;
  options: readonly ChoiceOption<Id>[];
  value: Id | null;
  onChoose: (id: Id) => void;
  /** Enter on a card chooses it and goes on (Space and the arrows choose, as radio buttons do). */
  onEnter?: () => void;
}

/** A radio group drawn as cards: native radio buttons, so arrows, Space and screen readers work as usual. */
export function ChoiceCards<Id extends string | number>({ legend, name, options, value, onChoose, onEnter }: ChoiceCardsProps<Id>) {
  const enter = (event: KeyboardEvent<HTMLInputElement>, id: Id) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onChoose(id);
    onEnter?.();
  };
  return (
    <fieldset className="choice-cards">
      <legend className="choice-cards__legend">{legend}</legend>
      <div className="choice-cards__list">
        {options.map((option) => {
          const checked = option.id === value;
          return (
            <label key={String(option.id)} className={checked ? 'choice-card choice-card--checked' : 'choice-card'}>
              <input
                type="radio"
                className="choice-card__input"
                name={name}
                value={String(option.id)}
                checked={checked}
                onChange={() => onChoose(option.id)}
                onKeyDown={(event) => enter(event, option.id)}
              />
              <span className="choice-card__body">
                <span className="choice-card__title">
                  {option.title}
                  {option.badge ? <span className="choice-card__badge">{option.badge}</span> : null}
                </span>
                {option.details.filter(Boolean).map((detail) => <span key={detail} className="choice-card__detail">{detail}</span>)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
