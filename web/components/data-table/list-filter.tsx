import { Select } from '@mantine/core';

/**
 * A filter of a list beside its search box (status, role…): one choice among a few, the first being the default.
 * The default is left out of the URL; any change goes back to page 1.
 */
export function ListFilter<V extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: { value: V; label: string }[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  testId?: string;
}) {
  const fallback = options[0].value;
  return (
    <Select
      aria-label={label}
      data={options}
      value={value ?? fallback}
      onChange={(next) => onChange(!next || next === fallback ? undefined : (next as V))}
      allowDeselect={false}
      w={150}
      data-testid={testId}
    />
  );
}
