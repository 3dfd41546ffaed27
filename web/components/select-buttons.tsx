import { Button, Group } from '@mantine/core';

export interface SelectButtonsProps<V extends string> {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** P6 select-button group: the chosen button is primary (filled), the others outlined. */
export function SelectButtons<V extends string>({ label, value, options, onChange }: SelectButtonsProps<V>) {
  return (
    <Group gap={4} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.value}
          size="xs"
          variant={option.value === value ? 'filled' : 'outline'}
          role="radio"
          aria-checked={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
