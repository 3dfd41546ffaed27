import { type ComboboxItem, type ComboboxItemGroup, Select } from '@mantine/core';

/** One choice of a filter, or a heading over several (the groups of one category…). */
export type FilterOption<V extends string> =
  | { value: V; label: string }
  | { group: string; items: { value: V; label: string }[] };

/** Beyond this many choices the filter can be typed into. */
const SEARCHABLE_FROM = 8;

/**
 * A filter of a list beside its search box (status, role, group…): one choice among a few, the first being the
 * default. Choices may come under headings; a long list can be typed into. The default is left out of the URL; any
 * change goes back to page 1.
 */
export function ListFilter<V extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: FilterOption<V>[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  testId?: string;
}) {
  const flat = options.flatMap((o) => ('group' in o ? o.items : [o]));
  const fallback = flat[0].value;
  return (
    <Select
      aria-label={label}
      data={options as (ComboboxItem | ComboboxItemGroup<ComboboxItem>)[]}
      value={value ?? fallback}
      onChange={(next) => onChange(!next || next === fallback ? undefined : (next as V))}
      allowDeselect={false}
      searchable={flat.length > SEARCHABLE_FROM}
      // A short list shows whole: a list that scrolls is a region the keyboard cannot reach (axe).
      maxDropdownHeight={flat.length <= SEARCHABLE_FROM ? 480 : undefined}
      w={190}
      comboboxProps={{ width: 'max-content', position: 'bottom-start' }}
      data-testid={testId}
    />
  );
}
