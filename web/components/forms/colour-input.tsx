import { ColorPicker, ColorSwatch, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

export interface ColourInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  value: string;
  onChange: (value: string) => void;
  /** The names of the picker's saturation area and hue slider, which a screen reader reads (WCAG 4.1.2). */
  pickerLabels: { saturation: string; hue: string };
}

/**
 * A hex colour typed or picked: a text field with a swatch of the colour, and a picker under it while the field has
 * the focus. It stands in for Mantine's ColorInput, which gives its picker's saturation area and hue slider no name
 * (axe: aria-input-field-name, serious): here both are named. As in ColorInput, the picker takes the pointer, not
 * the focus: the keyboard types the value; Escape or leaving the field closes it.
 */
export function ColourInput({
  value,
  onChange,
  pickerLabels,
  onFocus,
  onBlur,
  onKeyDown,
  ...others
}: ColourInputProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          {...others}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          leftSection={<ColorSwatch color={value || 'transparent'} size={18} aria-hidden />}
          onFocus={(event) => {
            setOpened(true);
            onFocus?.(event);
          }}
          onClick={() => setOpened(true)}
          onBlur={(event) => {
            setOpened(false);
            onBlur?.(event);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
            onKeyDown?.(event);
          }}
          autoComplete="off"
          spellCheck={false}
        />
      </Popover.Target>
      {/* The picker keeps the focus in the field (mousedown prevented), as ColorInput's does. */}
      <Popover.Dropdown p="xs" onMouseDown={(event) => event.preventDefault()}>
        <ColorPicker
          format="hex"
          value={value}
          onChange={onChange}
          focusable={false}
          saturationLabel={pickerLabels.saturation}
          hueLabel={pickerLabels.hue}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
