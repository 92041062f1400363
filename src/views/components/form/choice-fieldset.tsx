import type { ReactNode } from 'react';

interface ChoiceFieldsetProps<V extends string | number> {
  legend: string;
  /** The radios' shared name. */
  name: string;
  options: readonly V[];
  value: V | undefined;
  onChoose: (value: V) => void;
  /** What stands beside an option's radio, in a span of `classes.text`. */
  labelOf: (value: V) => ReactNode;
  /** Focus lands on the first option, when the choice is the step's only question. */
  autoFocus?: boolean;
  disabled?: boolean;
  /** The page's own classes: the fieldset, its legend, each option's label and the text beside its radio. */
  classes: { fieldset: string; legend: string; option: string; text?: string };
}

/** One choice among a few, as native radios: arrow keys move between them without any script of ours. */
export function ChoiceFieldset<V extends string | number>(props: ChoiceFieldsetProps<V>) {
  const { legend, name, options, value, onChoose, labelOf, autoFocus = false, disabled, classes } = props;
  return (
    <fieldset className={classes.fieldset} disabled={disabled}>
      <legend className={classes.legend}>{legend}</legend>
      {options.map((option, index) => (
        <label key={option} className={classes.option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            autoFocus={autoFocus && index === 0}
            onChange={() => onChoose(option)}
          />
          <span className={classes.text}>{labelOf(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}
