import { useId, type ReactNode } from 'react';
import { AlertCircleIcon } from '../icons';
import { Input, type InputProps } from '../Input/Input';
import { Select, type SelectProps } from '../Select/Select';
import * as styles from './Field.css';

/** What a control inside a Field must spread on itself to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown beside the label, e.g. "Optional" or a "Forgot your password?" link. */
  secondaryLabel?: ReactNode;
  hint?: ReactNode;
  /** When present the control is marked invalid and this text describes why. */
  error?: ReactNode;
  required?: boolean;
  /** Defaults to a generated id. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label, hint and error around any control. The control is a render prop so the ids,
 * aria-describedby and aria-invalid are wired once here, never by hand at call sites.
 */
export function Field({ label, secondaryLabel, hint, error, required, id, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  // The error first: it is the more urgent of the two descriptions.
  const describedBy = [hasError ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={controlId} className={styles.label}>
          {label}
        </label>
        {secondaryLabel ? <span className={styles.secondaryLabel}>{secondaryLabel}</span> : null}
      </div>
      {children({
        id: controlId,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': hasError ? true : undefined,
        required,
      })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className={styles.error}>
          <AlertCircleIcon />
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputProps, 'id' | 'invalid'> {
  label: ReactNode;
  secondaryLabel?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/** The common case: a Field holding an Input. */
export function TextField({ label, secondaryLabel, hint, error, id, required, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} secondaryLabel={secondaryLabel} hint={hint} error={error} required={required} id={id}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  );
}

export interface SelectFieldProps<Value extends string> extends Omit<
  SelectProps,
  'id' | 'invalid' | 'value' | 'defaultValue' | 'onChange' | 'children'
> {
  label: ReactNode;
  secondaryLabel?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  value: Value;
  /** The choices in the order shown, as [value, text] pairs (declared once `as const` beside their texts). */
  choices: ReadonlyArray<readonly [Value, ReactNode]>;
  onChange: (value: Value) => void;
}

/** A Field holding a Select of fixed choices; the value handed back is one of the choices'. */
export function SelectField<Value extends string>({
  label,
  secondaryLabel,
  hint,
  error,
  id,
  required,
  value,
  choices,
  onChange,
  ...selectProps
}: SelectFieldProps<Value>) {
  return (
    <Field label={label} secondaryLabel={secondaryLabel} hint={hint} error={error} required={required} id={id}>
      {(control) => (
        <Select {...selectProps} {...control} value={value} onChange={(e) => onChange(e.target.value as Value)}>
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
