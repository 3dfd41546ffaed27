import { useState } from 'react';
import type { AppForm } from '../forms/use-app-form';
import { RichTextEditor } from './lazy-editor';
import type { RichTextEditorProps } from './types';

type EditorOptions = Omit<
  RichTextEditorProps,
  'value' | 'onChange' | 'error' | 'onValidityChange' | 'aria-label'
>;

/**
 * The rich-text fields of a form (useAppForm): `editor(path, options)` is the editor bound to that form path, its
 * label also its accessible name, its error the field's; `tooLong` says whether any of them is over its limit (E3:
 * saving is blocked meanwhile).
 */
export function useFormEditors(field: AppForm<unknown>['field']) {
  const [over, setOver] = useState<Record<string, boolean>>({});
  const editor = (path: string, options: EditorOptions) => {
    const props = field(path);
    return (
      <RichTextEditor
        {...options}
        value={String(props.value ?? '')}
        onChange={props.onChange as (html: string) => void}
        error={props.error}
        aria-label={options.label}
        onValidityChange={(tooLong) => setOver((current) => ({ ...current, [path]: tooLong }))}
      />
    );
  };
  return { editor, tooLong: Object.values(over).some(Boolean) };
}
