import { SegmentedControl } from '@mantine/core';
import type { Language } from '../../../contracts/http';

/**
 * A public page's FR/EN switch (the personal page, the registration page): shown when the project has both
 * languages; the choice is remembered on the device under the page's own key.
 */
export function PublicLanguageSwitch({
  languages,
  value,
  label,
  storageKey,
  onChange,
}: {
  languages: readonly Language[];
  value: Language;
  label: string;
  storageKey: string;
  onChange: (language: Language) => void;
}) {
  if (languages.length < 2) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label={label}
      value={value}
      onChange={(next) => {
        localStorage.setItem(storageKey, next);
        onChange(next as Language);
      }}
      data={languages.map((l) => ({ value: l, label: l.toUpperCase() }))}
      data-testid="language-switch"
      // Beside a banner's long name or a logo on a phone, the switch keeps its width; the name wraps.
      style={{ flexShrink: 0 }}
    />
  );
}
