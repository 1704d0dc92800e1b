/** One reason picked from a fixed list, labelled; empty ('') until one is chosen. */
import { Field, Label, Select } from '../../../components/form-controls';

interface ReasonSelectProps<R extends string> {
  id: string;
  label: string;
  reasons: readonly R[];
  value: R | '';
  onChange: (reason: R | '') => void;
}

export function ReasonSelect<R extends string>(props: ReasonSelectProps<R>) {
  const { id, label, reasons, value, onChange } = props;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(reasons.find((r) => r === event.target.value) ?? '');
        }}
      >
        <option value="">Choose a reason</option>
        {reasons.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Select>
    </Field>
  );
}
