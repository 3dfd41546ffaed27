import { Textarea } from '@mantine/core';
import { useEffect } from 'react';
import type { TextEntry } from '../../../contracts/texts';
import { RichTextEditor } from '../../components/rich-text';
import { CharacterCounter } from '../../components/rich-text/character-counter';

export interface TextFieldProps {
  entry: Pick<TextEntry, 'format' | 'editorType' | 'maxLength' | 'tagGroups'>;
  value: string;
  onChange: (value: string) => void;
  onValidityChange: (tooLong: boolean) => void;
  projectId?: string;
  label?: string;
  error?: string;
  autoFocus?: boolean;
}

/**
 * The editor of one language of a text, as its kind says: the rich-text editor of its type, or a plain field with
 * the same counter (red and blocking over the limit). Tags typed in a plain field are removed by the server.
 */
export function TextField({
  entry,
  value,
  onChange,
  onValidityChange,
  projectId,
  label,
  error,
  autoFocus,
}: TextFieldProps) {
  if (entry.format === 'rich') {
    return (
      <RichTextEditor
        value={value}
        onChange={onChange}
        editorType={entry.editorType as 0 | 1 | 2 | 3 | 4 | 5}
        maxLength={entry.maxLength}
        tagGroups={entry.tagGroups}
        projectId={projectId}
        label={label}
        error={error}
        onValidityChange={onValidityChange}
        autoFocus={autoFocus}
      />
    );
  }
  return (
    <PlainField
      value={value}
      onChange={onChange}
      max={entry.maxLength}
      onValidityChange={onValidityChange}
      label={label}
      error={error}
      autoFocus={autoFocus}
    />
  );
}

function PlainField({
  value,
  onChange,
  max,
  onValidityChange,
  label,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  max: number;
  onValidityChange: (tooLong: boolean) => void;
  label?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  const tooLong = value.length > max;
  useEffect(() => onValidityChange(tooLong), [tooLong, onValidityChange]);
  return (
    <div>
      <Textarea
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
        data-autofocus={autoFocus || undefined}
      />
      <CharacterCounter used={value.length} max={max} />
    </div>
  );
}
